/** The History card's popup: one day's entries, read when it opens. */
import { formatDistance, formatPace } from '@fit/shared/distance';
import { caloriesFromUnits } from '@fit/shared/formulas';
import { ALERT_FETCH_ACTIVITIES } from '@fit/shared/messages';
import { addDays, startOfLocalDay } from '@fit/shared/periods';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { InfoDialog } from '../../components/InfoDialog.tsx';
import { dayActivities } from '../../data/progress.ts';
import { keys, useDataScope } from '../../data/queries.ts';
import { formatMeasureWithUnit, useUnits } from '../../data/units.ts';
import { dateOf, longDate } from './HeatMap.tsx';

const time = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

export function HistoryDayDialog(props: {
  date: string;
  timeZone: string;
  weight: number | undefined;
  onlyActivity: string | null;
  onClose: () => void;
}) {
  const { store, uid } = useDataScope();
  const units = useUnits();
  const { date, timeZone, onlyActivity } = props;
  const entries = useQuery({
    queryKey: [...keys.user(uid), 'day', date, timeZone],
    queryFn: () =>
      dayActivities(store, uid, startOfLocalDay(date, timeZone), startOfLocalDay(addDays(date, 1), timeZone)),
  });
  const shown = entries.data?.filter((e) => onlyActivity === null || e.activityType === onlyActivity) ?? null;
  return (
    <InfoDialog open onClose={props.onClose} title={longDate.format(dateOf(date))} maxWidth="xs">
      {entries.isError && <Alert severity="error">{ALERT_FETCH_ACTIVITIES}</Alert>}
      {!shown && !entries.isError && <Skeleton variant="rounded" height={80} />}
      {shown && shown.length === 0 && (
        <Typography color="textSecondary">No activity logged this day.</Typography>
      )}
      {shown && shown.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {shown.map((e) => (
            <Box component="li" key={e.id} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
              <span>
                <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
                  {e.activityType}
                </Typography>{' '}
                <Typography component="span" variant="body2" color="textSecondary">
                  {[
                    e.count ? `${e.count} reps` : null,
                    e.time ? `${e.time} min` : null,
                    e.weightLifted ? formatMeasureWithUnit('weightLifted', e.weightLifted, units) : null,
                    e.distance ? formatDistance(e.distance, units) : null,
                    formatPace(e.distance, e.time, units),
                    `${caloriesFromUnits(e.calorieUnits, props.weight)} cal`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
              </span>
              <Typography
                component="span"
                variant="body2"
                color="textSecondary"
                sx={{ whiteSpace: 'nowrap' }}
              >
                {time.format(e.timestamp)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </InfoDialog>
  );
}
