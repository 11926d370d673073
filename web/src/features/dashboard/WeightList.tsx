import { type UnitSystem, unitLabel } from '@fit/shared/units';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { PendingSyncMark } from '../../components/PendingSyncMark.tsx';
import { formatMeasure } from '../../data/units.ts';
import type { StoredWeight } from '../../data/weights.ts';
import { formatDate, formatDateTime, TABULAR } from './format.ts';

/** Weight records, newest first, each with its change from the one before; a click opens it. */
export function WeightList(props: {
  records: readonly StoredWeight[];
  /** The record logged before the last one shown (for its change), if any. */
  before?: StoredWeight | undefined;
  onOpen: (record: StoredWeight) => void;
  label: string;
  units: UnitSystem;
}) {
  const unit = unitLabel('bodyWeight', props.units);
  const shown = (lbs: number) => formatMeasure('bodyWeight', lbs, props.units);
  return (
    <List aria-label={props.label} disablePadding>
      {props.records.map((r, i) => {
        const prev = props.records[i + 1] ?? (i === props.records.length - 1 ? props.before : undefined);
        const delta = prev ? Math.round((r.weight - prev.weight) * 10) / 10 : 0;
        // Each button in its own <li>: a list may only hold list items (axe 'list').
        return (
          <ListItem key={r.id} disablePadding sx={{ '& + &': { borderTop: 1, borderColor: 'divider' } }}>
            <ListItemButton
              onClick={() => props.onOpen(r)}
              sx={{ borderRadius: '10px', px: 1.25, py: 0.75, gap: 2 }}
            >
              <Typography
                variant="body2"
                color="textSecondary"
                sx={{ ...TABULAR, flex: 1 }}
                title={formatDateTime(r.timestamp)}
              >
                {formatDate(r.timestamp)}
              </Typography>
              {delta !== 0 && (
                <Typography
                  variant="caption"
                  sx={{ ...TABULAR, display: 'inline-flex', alignItems: 'center', color: 'text.secondary' }}
                  aria-label={`${delta > 0 ? 'up' : 'down'} ${shown(Math.abs(delta))} ${unit}`}
                >
                  {delta > 0 ? (
                    <ArrowUpward sx={{ fontSize: 14 }} />
                  ) : (
                    <ArrowDownward sx={{ fontSize: 14 }} />
                  )}
                  {shown(Math.abs(delta))}
                </Typography>
              )}
              <Box sx={{ ...TABULAR, fontWeight: 700, minWidth: 72, textAlign: 'right' }}>
                {shown(r.weight)} {unit}
              </Box>
              {r.pending && <PendingSyncMark />}
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
