/**
 * History: a calendar heat map of the last 12 months (a column per week, Sunday on top), shaded by
 * each day's minutes, filterable by activity; a day opens its entries. All days come from the
 * progress years read (the map's); the activity filter reads that activity's entries of the year
 * (bounded).
 */
import { ALERT_FETCH_ACTIVITIES } from '@fit/shared/messages';
import { startOfLocalDay } from '@fit/shared/periods';
import { type DayTotal, dayTotalsOf, heatLevel, heatMapDates } from '@fit/shared/progress';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { type Theme, useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { faded } from '../../app/theme.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { useRequiredUser, useStore } from '../../data/context.tsx';
import { activityHistory } from '../../data/progress.ts';
import { HistoryDayDialog } from './HistoryDayDialog.tsx';
import { HistoryFilter } from './HistoryFilter.tsx';
import type { ProgressState } from './useProgress.ts';

const ALL = '';
/** A day's square and the gap between squares: 24 px apart, WCAG 2.2's minimum target spacing. */
const CELL = 20;
const GAP = 4;
const longDate = new Intl.DateTimeFormat(undefined, {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});
const monthName = new Intl.DateTimeFormat(undefined, { month: 'short' });

function dateOf(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

function describeDay(date: string, day: DayTotal | undefined): string {
  const when = longDate.format(dateOf(date));
  if (!day || day.entries === 0) return `${when}: no activity`;
  return `${when}: ${day.minutes} minutes, ${day.entries} ${day.entries === 1 ? 'activity' : 'activities'}`;
}

/** A day's colour by its heat level (0: no activity). */
function shade(theme: Theme, level: number): string {
  return level === 0
    ? theme.vars.palette.action.hover
    : faded(theme.vars.palette.primary.main, 0.2 + level * 0.2);
}

const HISTORY_FAILED = ALERT_FETCH_ACTIVITIES;

export function HistoryCard({ state }: { state: ProgressState }) {
  const { progress, today, timeZone, weight } = state;
  const store = useStore();
  const { uid } = useRequiredUser();
  const theme = useTheme();
  const [filter, setFilter] = useState(ALL);
  const [filtered, setFiltered] = useState<Map<string, DayTotal> | null>(null);
  const [filterError, setFilterError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [openDay, setOpenDay] = useState<string | null>(null);
  const scroller = useRef<HTMLDivElement | null>(null);

  const dates = useMemo(() => heatMapDates(today), [today]);
  const first = dates[0] as string;
  const activities = useMemo(() => (progress ? [...progress.records.keys()].sort() : []), [progress]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` reads again on Retry
  useEffect(() => {
    if (filter === ALL) {
      setFiltered(null);
      return;
    }
    let current = true;
    setFilterError(null);
    activityHistory(store, uid, filter, startOfLocalDay(first, timeZone))
      .then((list) => current && setFiltered(dayTotalsOf(list, timeZone)))
      .catch(() => current && setFilterError(HISTORY_FAILED));
    return () => {
      current = false;
    };
  }, [filter, store, uid, first, timeZone, attempt]);

  const days = filter === ALL ? progress?.days : (filtered ?? undefined);
  const shown = days !== undefined;
  useEffect(() => {
    // The newest weeks are the ones people look for: on a narrow screen, start scrolled to them.
    if (shown && scroller.current) scroller.current.scrollLeft = scroller.current.scrollWidth;
  }, [shown]);
  const weeks = useMemo(() => {
    const list: string[][] = [];
    for (let i = 0; i < dates.length; i += 7) list.push(dates.slice(i, i + 7));
    return list;
  }, [dates]);
  const activeDays = days ? [...days.values()].filter((d) => d.date >= first && d.entries > 0).length : 0;

  return (
    <SectionCard
      title="History"
      subtitle={
        days ? `${activeDays} active ${activeDays === 1 ? 'day' : 'days'} in the last 12 months` : undefined
      }
      action={<HistoryFilter value={filter} activities={activities} onChange={setFilter} />}
    >
      {filterError && <LoadFailed message={filterError} onRetry={() => setAttempt((n) => n + 1)} sx={{}} />}
      {!filterError && filter === ALL && state.error && !days && (
        <LoadFailed message={HISTORY_FAILED} sx={{}} />
      )}
      {!days && !filterError && !state.error && <Skeleton variant="rounded" height={120} />}
      {days && (
        <>
          <Box
            ref={scroller}
            sx={{ overflowX: 'auto', pb: 1, px: '3px', pt: '3px' }} // room for the focus and today outlines
            tabIndex={0}
            role="group"
            aria-label="Activity calendar, last 12 months"
          >
            <HeatMap weeks={weeks} days={days} today={today} onOpen={setOpenDay} />
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
          title={longDate.format(dateOf(openDay))}
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

/**
 * The calendar itself: 53 columns of 7 day buttons. The buttons are plain elements styled once by
 * the grid (by `data-level` and `data-today`), not a styled component each: 371 cells with their
 * own `sx` cost about 300 ms of main thread on a mid-range phone at every render. Memoized, so a
 * dialog opening or the filter menu does not re-render the year.
 */
const HeatMap = memo(function HeatMap({
  weeks,
  days,
  today,
  onOpen,
}: {
  weeks: string[][];
  days: Map<string, DayTotal>;
  today: string;
  onOpen: (date: string) => void;
}) {
  const theme = useTheme();
  const shades = Object.fromEntries(
    [0, 1, 2, 3, 4].map((level) => [`& [data-level="${level}"]`, { bgcolor: shade(theme, level) }]),
  );
  return (
    <Box
      onClick={(event) => {
        const date = (event.target as HTMLElement).closest('button')?.dataset.date;
        if (date) onOpen(date);
      }}
      sx={{
        display: 'flex',
        gap: `${GAP}px`,
        width: 'max-content',
        '& .week': { display: 'grid', gridTemplateRows: `auto repeat(7, ${CELL}px)`, gap: `${GAP}px` },
        '& .month': {
          typography: 'caption',
          fontSize: 10,
          lineHeight: '12px',
          height: 12,
          color: 'text.secondary',
          whiteSpace: 'nowrap',
          width: CELL,
        },
        '& button': {
          width: CELL,
          height: CELL,
          p: 0,
          border: 0,
          borderRadius: '3px',
          cursor: 'pointer',
          outlineOffset: 1,
        },
        ...shades,
        '& button[data-today]': { outline: `2px solid ${theme.vars.palette.text.primary}` },
        '& button:focus-visible': {
          outline: `2px solid ${theme.vars.palette.primary.main}`,
          outlineOffset: 2,
        },
      }}
    >
      {weeks.map((week) => (
        <div key={week[0]} className="week">
          <span className="month" aria-hidden>
            {(week[0] as string).slice(8) <= '07' ? monthName.format(dateOf(week[0] as string)) : ''}
          </span>
          {week.map((date) => {
            const day = days.get(date);
            const label = describeDay(date, day);
            return (
              <button
                key={date}
                type="button"
                data-date={date}
                data-level={heatLevel(day)}
                data-today={date === today ? '' : undefined}
                aria-label={label}
                title={label}
              />
            );
          })}
        </div>
      ))}
    </Box>
  );
});
