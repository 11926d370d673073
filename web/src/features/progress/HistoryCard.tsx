// History: a calendar heat map of the last 12 months, shaded by each day's minutes; a day opens its
// entries. The days come from the progress years read; a filter reads that activity's entries.
import { ALERT_FETCH_ACTIVITIES } from '@fit/shared/messages';
import { startOfLocalDay } from '@fit/shared/periods';
import { dayTotalsOf, heatMapDates } from '@fit/shared/progress';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { activityHistory } from '../../data/progress.ts';
import { keys, useDataScope } from '../../data/queries.ts';
import { HeatMap, shade } from './HeatMap.tsx';
import { HistoryDayDialog } from './HistoryDayDialog.tsx';
import type { ProgressState } from './useProgress.ts';

const ALL = '';

export function HistoryCard({ state }: { state: ProgressState }) {
  const { progress, today, timeZone, weight } = state;
  const { store, uid } = useDataScope();
  const theme = useTheme();
  const [filter, setFilter] = useState(ALL);
  const [openDay, setOpenDay] = useState<string | null>(null);
  const scroller = useRef<HTMLDivElement | null>(null);
  const hintId = useId();

  const dates = useMemo(() => heatMapDates(today), [today]);
  const first = dates[0] as string;
  const activities = useMemo(() => (progress ? [...progress.records.keys()].sort() : []), [progress]);
  const filtered = useQuery({
    queryKey: [...keys.user(uid), 'history', filter, first, timeZone],
    queryFn: async () =>
      dayTotalsOf(await activityHistory(store, uid, filter, startOfLocalDay(first, timeZone)), timeZone),
    enabled: filter !== ALL,
    placeholderData: keepPreviousData,
  });
  const filterError = filter !== ALL && filtered.isError;

  const days = filter === ALL ? progress?.days : filtered.data;
  const shown = days !== undefined;
  useEffect(() => {
    // The newest weeks are the ones people look for: on a narrow screen, start scrolled to them.
    if (shown && scroller.current) scroller.current.scrollLeft = scroller.current.scrollWidth;
  }, [shown]);
  const activeDays = days ? [...days.values()].filter((d) => d.date >= first && d.entries > 0).length : 0;

  return (
    <SectionCard
      title="History"
      subtitle={
        days ? `${activeDays} active ${activeDays === 1 ? 'day' : 'days'} in the last 12 months` : undefined
      }
      action={
        <TextField
          select
          size="small"
          label="Filter by activity"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 170, maxWidth: 240, flex: '0 1 240px' }}
        >
          <MenuItem value={ALL}>All activities</MenuItem>
          {activities.map((a) => (
            <MenuItem key={a} value={a}>
              {a}
            </MenuItem>
          ))}
        </TextField>
      }
    >
      {filterError && (
        <LoadFailed message={ALERT_FETCH_ACTIVITIES} onRetry={() => filtered.refetch()} sx={{}} />
      )}
      {!filterError && filter === ALL && state.error && !days && (
        <LoadFailed message={ALERT_FETCH_ACTIVITIES} sx={{}} />
      )}
      {!days && !filterError && !state.error && <Skeleton variant="rounded" height={120} />}
      {days && (
        <>
          {/* One tab stop: the day buttons rove (arrow keys), and the focused one scrolls into view. */}
          <Box
            ref={scroller}
            sx={{ overflowX: 'auto', pb: 1, px: '3px', pt: '3px' }} // room for the focus and today outlines
            role="group"
            aria-label="Activity calendar, last 12 months"
            aria-describedby={hintId}
          >
            <HeatMap dates={dates} days={days} today={today} onOpen={setOpenDay} />
          </Box>
          <Box id={hintId} sx={visuallyHidden}>
            Arrow keys move by day and week, Home and End to the first and last day; Enter opens a day.
          </Box>
          <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center', mt: 1 }} aria-hidden>
            <Typography variant="caption" color="textSecondary">
              Less
            </Typography>
            {[0, 1, 2, 3, 4].map((l) => (
              <Box key={l} sx={{ width: 12, height: 12, borderRadius: '3px', bgcolor: shade(theme, l) }} />
            ))}
            <Typography variant="caption" color="textSecondary">
              More
            </Typography>
          </Stack>
        </>
      )}
      {openDay && (
        <HistoryDayDialog
          date={openDay}
          timeZone={timeZone}
          weight={weight}
          onlyActivity={filter === ALL ? null : filter}
          onClose={() => setOpenDay(null)}
        />
      )}
    </SectionCard>
  );
}
