/** Display formatting for the dashboard, in the viewer's locale and zone. */
import { formatDistance, formatPace } from '@fit/shared/distance';
import type { UnitSystem } from '@fit/shared/units';

const dateTime = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const dateOnly = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', year: 'numeric' });
const shortDate = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const integer = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
const fixedOne = new Intl.NumberFormat(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

// Each formatter's `format` is bound to it (ECMA-402), so it can be handed out as is.
export const formatDateTime: (ms: number) => string = dateTime.format;
export const formatDate: (ms: number) => string = dateOnly.format;
export const formatShortDate: (ms: number) => string = shortDate.format;
export const formatInt: (n: number) => string = integer.format;
/** Up to one decimal: 180, 180.5. */
export const formatWeight: (n: number) => string = oneDecimal.format;
/** Always one decimal: 24.0, 7.3. */
export const formatOneDecimal: (n: number) => string = fixedOne.format;

/** A calendar date `YYYY-MM-DD` as a readable date, without any time zone shift. */
export function formatCalendarDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return new Intl.DateTimeFormat(undefined, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(y, m - 1, d));
}

/** Sx for figures that line up in columns. */
export const TABULAR = { fontVariantNumeric: 'tabular-nums' } as const;
/** Sx of a figure's or a period's box inside a card. */
export const PANEL = {
  borderRadius: '14px',
  border: 1,
  borderColor: 'divider',
  bgcolor: 'background.default',
} as const;

/** An entry's distance and pace as lists show them: '5 km · 5:00 /km', or null without a distance. */
export function distanceAndPace(
  entry: { distance?: number | undefined; time?: number | undefined },
  units: UnitSystem,
): string | null {
  if (entry.distance === undefined) return null;
  // No-break spaces keep '3:21 /mi' and '3.88 mi' whole when a narrow column wraps the line.
  const keep = (text: string) => text.replace(' ', '\u00a0');
  const pace = formatPace(entry.distance, entry.time, units);
  const distance = keep(formatDistance(entry.distance, units));
  return pace ? `${distance} · ${keep(pace)}` : distance;
}
