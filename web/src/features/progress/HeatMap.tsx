/** The History card's heat map: a column per week (Sunday on top), a button per day, one tab stop. */
import type { DayTotal } from '@fit/shared/progress';
import { heatLevel } from '@fit/shared/progress';
import Box from '@mui/material/Box';
import { type Theme, useTheme } from '@mui/material/styles';
import { type KeyboardEvent, memo, useRef, useState } from 'react';
import { faded } from '../../app/theme/index.ts';

/** A day's square and the gap between squares: 24 px apart, WCAG 2.2's minimum target spacing. */
const CELL = 20;
const GAP = 4;
export const longDate = new Intl.DateTimeFormat(undefined, {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});
const monthName = new Intl.DateTimeFormat(undefined, { month: 'short' });

export function dateOf(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

function describeDay(date: string, day: DayTotal | undefined): string {
  const when = longDate.format(dateOf(date));
  if (!day || day.entries === 0) return `${when}: no activity`;
  return `${when}: ${day.minutes} minutes, ${day.entries} ${day.entries === 1 ? 'activity' : 'activities'}`;
}

/** A day's colour by its heat level (0: no activity). */
export function shade(theme: Theme, level: number): string {
  return level === 0
    ? theme.vars.palette.action.hover
    : faded(theme.vars.palette.primary.main, 0.2 + level * 0.2);
}

/** The day a key moves to from `index` (columns are weeks, rows weekdays); undefined: not ours. */
function moved(key: string, index: number, count: number): number | undefined {
  const to = {
    ArrowUp: index - 1,
    ArrowDown: index + 1,
    ArrowLeft: index - 7,
    ArrowRight: index + 7,
    Home: 0,
    End: count - 1,
  }[key];
  return to === undefined ? undefined : Math.min(count - 1, Math.max(0, to));
}

// Plain buttons styled once by the grid (371 cells with their own `sx` cost about 300 ms on a
// mid-range phone at every render), memoized so a dialog or the filter menu does not redraw them.
export const HeatMap = memo(function HeatMap({
  dates,
  days,
  today,
  onOpen,
}: {
  dates: string[];
  days: Map<string, DayTotal>;
  today: string;
  onOpen: (date: string) => void;
}) {
  const theme = useTheme();
  const [chosen, setChosen] = useState(today);
  const active = dates.includes(chosen) ? chosen : today; // a day gone by midnight: today again
  const grid = useRef<HTMLDivElement | null>(null);

  function onKeyDown(event: KeyboardEvent) {
    const to = moved(event.key, dates.indexOf(active), dates.length);
    if (to === undefined) return;
    event.preventDefault(); // no page scroll
    const date = dates[to] as string;
    setChosen(date);
    grid.current?.querySelector<HTMLButtonElement>(`button[data-date="${date}"]`)?.focus();
  }

  const weeks = Array.from({ length: Math.ceil(dates.length / 7) }, (_, i) => dates.slice(i * 7, i * 7 + 7));
  const shades = Object.fromEntries(
    [0, 1, 2, 3, 4].map((level) => [`& [data-level="${level}"]`, { bgcolor: shade(theme, level) }]),
  );
  return (
    <Box
      ref={grid}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        const date = (event.target as HTMLElement).closest('button')?.dataset.date;
        if (!date) return;
        setChosen(date);
        onOpen(date);
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
                tabIndex={date === active ? 0 : -1}
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
