/**
 * The dates other apps write in their exports, in English month names: Strava's "Nov 20, 2026,
 * 7:03:12 AM" (UTC) and Hevy's "20 Nov 2026, 07:00" (the phone's local time).
 */
import { instantOfLocalTime, isCalendarDate } from './periods.ts';

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

const pad2 = (n: number) => String(n).padStart(2, '0');

interface Wall {
  date: string;
  hour: number;
  minute: number;
  second: number;
}

function wall(year: string, month: string, day: string, hour: number, minute: number, second: number) {
  // A month's name or its start ("Sep", "Sept"): "Junk" is not June.
  const m = MONTHS.findIndex((name) => name.startsWith(month.toLowerCase())) + 1;
  const date = `${year}-${pad2(m)}-${pad2(Number(day))}`;
  if (m === 0 || !isCalendarDate(date) || hour > 23 || minute > 59 || second > 59) return null;
  return { date, hour, minute, second };
}

/** "Nov 20, 2026, 7:03:12 AM" (also without seconds, or on a 24-hour clock). */
function stravaWall(text: string): Wall | null {
  const m = /^([A-Za-z]{3,9})\.? (\d{1,2}), (\d{4}),? (\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?$/.exec(
    text.trim(),
  );
  if (!m) return null;
  let hour = Number(m[4]);
  if (m[7]) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (m[7].toLowerCase() === 'pm' ? 12 : 0);
  }
  return wall(m[3] as string, m[1] as string, m[2] as string, hour, Number(m[5]), Number(m[6] ?? 0));
}

/** Strava's Activity Date, which its bulk export writes in UTC, as an instant (ms). */
export function utcInstantOf(text: string): number | null {
  const w = stravaWall(text);
  if (!w) return null;
  const [y, mo, d] = w.date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, mo - 1, d, w.hour, w.minute, w.second);
}

/** Hevy's "20 Nov 2026, 07:00" (local wall time in `timeZone`) as an instant, to the minute. */
export function hevyInstantOf(text: string, timeZone: string): number | null {
  const m = /^(\d{1,2}) ([A-Za-z]{3,9})\.? (\d{4}),? (\d{1,2}):(\d{2})(?::\d{2})?$/.exec(text.trim());
  if (!m) return null;
  const w = wall(m[3] as string, m[2] as string, m[1] as string, Number(m[4]), Number(m[5]), 0);
  return w ? instantOfLocalTime(w.date, w.hour, w.minute, timeZone) : null;
}

/**
 * Times before this are a clock that was never set (1970, a Garmin's 1989, a zero timestamp), or
 * one a GPS week-number rollover set back 1024 weeks (2019 to 1999): nothing here was recorded then.
 */
export const EARLIEST_ENTRY_TIME = Date.UTC(2000, 0, 1);

/** Seconds to whole minutes, as the log form takes them (a 20-second entry is one minute). */
export const minutesOf = (seconds: number) => Math.max(1, Math.round(seconds / 60));
