import { caloriesFromUnits } from '@fit/shared/formulas';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { HelpButton } from '../../components/HelpButton.tsx';
import { PendingSyncMark } from '../../components/PendingSyncMark.tsx';
import type { StoredActivity } from '../../data/activities.ts';
import { useUnits } from '../../data/units.ts';
import { distanceAndPace, formatDateTime, formatInt, formatShortDate, TABULAR } from './format.ts';
import { liftedLine } from './SetsSummary.tsx';

/** Date, Activity, Reps, Time, Calories; the activity's name is the row's button for keyboards. */
export function ActivitiesTable(props: {
  activities: readonly StoredActivity[];
  weight: number | undefined;
  onOpen: (activity: StoredActivity) => void;
  onCaloriesHelp: () => void;
  label: string;
}) {
  const num = { ...TABULAR, textAlign: 'right', whiteSpace: 'nowrap' } as const;
  const units = useUnits();
  const small = {
    ...TABULAR,
    display: 'block',
    fontWeight: 400,
    color: 'text.secondary',
    fontSize: '0.75rem',
  };
  return (
    <TableContainer>
      <Table
        size="small"
        aria-label={props.label}
        sx={{
          '& th': { fontWeight: 700, color: 'text.secondary' },
          '& td, & th': { px: { xs: 0.5, sm: 2 } },
          '& td:first-of-type, & th:first-of-type': { pl: { xs: 0, sm: 2 } },
          '& td:last-of-type, & th:last-of-type': { pr: { xs: 0, sm: 2 } },
        }}
      >
        <TableHead>
          <TableRow>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Date</TableCell>
            <TableCell>Activity</TableCell>
            <TableCell sx={num}>Reps</TableCell>
            <TableCell sx={num}>Time</TableCell>
            <TableCell sx={{ ...num, whiteSpace: { xs: 'normal', sm: 'nowrap' } }}>
              <Box
                component="span"
                sx={{
                  display: 'inline-flex',
                  alignItems: 'center',
                  flexWrap: 'wrap',
                  justifyContent: 'flex-end',
                }}
              >
                Calories
                <HelpButton label="How calories are calculated" onClick={props.onCaloriesHelp} />
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {props.activities.map((a) => (
            <TableRow
              key={a.id}
              hover
              onClick={() => props.onOpen(a)}
              sx={{ cursor: 'pointer', '&:last-child td': { borderBottom: 0 } }}
            >
              <TableCell
                sx={{
                  ...TABULAR,
                  whiteSpace: 'nowrap',
                  color: 'text.secondary',
                  display: { xs: 'none', sm: 'table-cell' },
                }}
              >
                {formatDateTime(a.timestamp)}
              </TableCell>
              <TableCell sx={{ fontWeight: 600 }}>
                <ButtonBase
                  aria-haspopup="dialog"
                  aria-label={`${a.activityType}, ${formatDateTime(a.timestamp)}: details`}
                  onClick={(e) => {
                    e.stopPropagation();
                    props.onOpen(a);
                  }}
                  // The focus ring is the theme's (focusVisible), as on every MUI control.
                  sx={{ font: 'inherit', color: 'inherit', textAlign: 'left', borderRadius: '4px' }}
                >
                  {a.activityType}
                </ButtonBase>
                {a.pending && <PendingSyncMark />}
                {/* Distance and pace, weight lifted: under the name, so the spec's columns stay. */}
                {[distanceAndPace(a, units), liftedLine(a, units)].map(
                  (line) =>
                    line && (
                      <Box key={line} component="span" sx={small}>
                        {line}
                      </Box>
                    ),
                )}
                {/* Phones show the date here (the Date column is hidden): read it there too. */}
                <Box component="span" sx={{ ...small, display: { xs: 'block', sm: 'none' } }}>
                  {formatShortDate(a.timestamp)}
                </Box>
              </TableCell>
              <TableCell sx={num}>{a.count === undefined ? '—' : formatInt(a.count)}</TableCell>
              <TableCell sx={num}>{a.time === undefined ? '—' : `${formatInt(a.time)} min`}</TableCell>
              <TableCell sx={{ ...num, fontWeight: 600 }}>
                {formatInt(caloriesFromUnits(a.calorieUnits, props.weight))}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
