/**
 * Period windows in a given IANA time zone, with Intl only (no clock, no library): a day from
 * local midnight, a week Sunday to Saturday, a calendar month. DST days are 23 or 25 hours long;
 * where a zone skips midnight the day starts at the first instant of that local date.
 *
 * Period keys: `d2026-11-22`, `w` + that week's Sunday (`w2026-11-22`), `m2026-11`.
 * Calendar dates `YYYY-MM-DD` are handled as dates (year, month, day), never as UTC instants.
 */
import type { BoardKind } from './model.ts';

export interface PeriodWindow {
  readonly kind: BoardKind;
  readonly key: string;
  /** Inclusive epoch ms. */
  readonly start: number;
  /** Exclusive epoch ms. */
  readonly end: number;
}

export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date from `YYYY-MM-DD`, or null (wrong shape, month 13, Feb 30, ...). */
export function parseCalendarDate(text: string): CalendarDate | null {
  const m = typeof text === 'string' ? DATE_PATTERN.exec(text) : null;
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export function isCalendarDate(text: string): boolean {
  return parseCalendarDate(text) !== null;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

export function formatCalendarDate(d: CalendarDate): string {
  return `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;
}

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

// Arithmetic, not Date.UTC: Date.UTC reads years 0-99 as 1900-1999 (0000-02-29 would not exist).
function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * `isCalendarDate` as an RE2 full-match pattern for firestore.rules (generated into them): months of
 * 31 and 30 days, February's 28, and the 29th in leap years (divisible by 4, centuries by 400).
 */
export const CALENDAR_DATE_PATTERN =
  '[0-9]{4}-((0[13578]|1[02])-(0[1-9]|[12][0-9]|3[01])|(0[469]|11)-(0[1-9]|[12][0-9]|30)|02-(0[1-9]|1[0-9]|2[0-8]))' +
  '|([0-9]{2}(0[48]|[2468][048]|[13579][26])|([02468][048]|[13579][26])00)-02-29';

/**
 * The UTC instant of a wall time, for every year 0000-9999. Not Date.UTC, which reads years 0-99
 * as 1900-1999 (so 0004-02-29 would become 1904-02-29 and 0000-02-29 1900-03-01):
 * setUTCFullYear takes the year as given. Fields past their range carry over (day 32 of January is
 * 1 February), as Date.UTC's do.
 */
export function utcInstant(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): number {
  const t = new Date(0);
  t.setUTCFullYear(year, month - 1, day);
  t.setUTCHours(hour, minute, second, 0);
  return t.getTime();
}

/** Calendar arithmetic on dates (no time zone involved); RangeError outside 0000-01-01..9999-12-31. */
export function addDays(date: string, days: number): string {
  const d = parseCalendarDate(date);
  if (!d) throw new RangeError(`Not a calendar date: ${date}`);
  if (!Number.isInteger(days)) throw new RangeError(`Not a whole number of days: ${days}`);
  const t = new Date(utcInstant(d.year, d.month, d.day + days));
  const year = t.getUTCFullYear();
  // A result outside four-digit years would format as no calendar date ('10000-01-01', '00-1-12-31').
  if (!(year >= 0 && year <= 9999)) throw new RangeError(`${date} + ${days} days is past year 0000-9999`);
  return formatCalendarDate({ year, month: t.getUTCMonth() + 1, day: t.getUTCDate() });
}

/** 0 = Sunday ... 6 = Saturday. */
export function dayOfWeek(date: string): number {
  const d = parseCalendarDate(date);
  if (!d) throw new RangeError(`Not a calendar date: ${date}`);
  return new Date(utcInstant(d.year, d.month, d.day)).getUTCDay();
}

// ---- time zone arithmetic ----

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // Throws RangeError for an unknown zone: callers learn at once, not via wrong windows.
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short', // year 0 is '1 BC': without the era it would read as year 1
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The local wall clock of an instant in a zone (to the second). */
export function wallTime(instant: number, timeZone: string): WallTime {
  // UTC (the default community zone) needs no time zone data: Intl's formatToParts is the
  // hottest call of every reaction otherwise.
  if (timeZone === 'UTC') {
    const t = new Date(Math.floor(instant / 1000) * 1000);
    return {
      year: t.getUTCFullYear(),
      month: t.getUTCMonth() + 1,
      day: t.getUTCDate(),
      hour: t.getUTCHours(),
      minute: t.getUTCMinutes(),
      second: t.getUTCSeconds(),
    };
  }
  const parts: Record<string, number> = {};
  let beforeCommonEra = false;
  for (const p of formatterFor(timeZone).formatToParts(instant)) {
    if (p.type === 'era') beforeCommonEra = p.value === 'BC';
    else if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const year = parts.year ?? 0;
  return {
    year: beforeCommonEra ? 1 - year : year,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

function wallAsUtc(w: WallTime): number {
  return utcInstant(w.year, w.month, w.day, w.hour, w.minute, w.second);
}

/** Local time minus UTC, in ms, at an instant. */
function offsetAt(instant: number, timeZone: string): number {
  const wholeSecond = Math.floor(instant / 1000) * 1000;
  return wallAsUtc(wallTime(wholeSecond, timeZone)) - wholeSecond;
}

/** The local calendar date of an instant in a zone, `YYYY-MM-DD`. */
export function localDate(instant: number, timeZone: string): string {
  const w = wallTime(instant, timeZone);
  return formatCalendarDate(w);
}

const dayStarts = new Map<string, number>();

/** The first instant of a local calendar date in a zone (local midnight, or the DST jump if midnight is skipped). */
export function startOfLocalDay(date: string, timeZone: string): number {
  // A pure function of its arguments, asked for the same few days over and over: remembered.
  const key = `${timeZone}|${date}`;
  const known = dayStarts.get(key);
  if (known !== undefined) return known;
  const start = computeStartOfLocalDay(date, timeZone);
  if (dayStarts.size >= 4096) dayStarts.clear();
  dayStarts.set(key, start);
  return start;
}

function computeStartOfLocalDay(date: string, timeZone: string): number {
  const d = parseCalendarDate(date);
  if (!d) throw new RangeError(`Not a calendar date: ${date}`);
  const wall = utcInstant(d.year, d.month, d.day);
  // The offset at midnight is the offset at wall - offset; two rounds settle it except in a gap.
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  const exact = [first, second].filter((t) => wallAsUtc(wallTime(t, timeZone)) === wall);
  if (exact.length > 0) return Math.min(...exact);
  // Midnight does not exist that day: the day begins at the transition. Binary search for the
  // first instant whose local date is `date`.
  let lo = Math.min(first, second) - 3 * 3_600_000;
  let hi = Math.max(first, second) + 3 * 3_600_000;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (localDate(mid, timeZone) >= date) hi = mid;
    else lo = mid;
  }
  return hi;
}

function windowOf(kind: BoardKind, firstDate: string, nextFirstDate: string, timeZone: string): PeriodWindow {
  const key =
    kind === 'daily' ? `d${firstDate}` : kind === 'weekly' ? `w${firstDate}` : `m${firstDate.slice(0, 7)}`;
  return {
    kind,
    key,
    start: startOfLocalDay(firstDate, timeZone),
    end: startOfLocalDay(nextFirstDate, timeZone),
  };
}

function windowFromDate(kind: BoardKind, date: string, timeZone: string): PeriodWindow {
  if (kind === 'daily') return windowOf(kind, date, addDays(date, 1), timeZone);
  if (kind === 'weekly') {
    const sunday = addDays(date, -dayOfWeek(date));
    return windowOf(kind, sunday, addDays(sunday, 7), timeZone);
  }
  const first = `${date.slice(0, 7)}-01`;
  const d = parseCalendarDate(first) as CalendarDate;
  const next = d.month === 12 ? `${pad(d.year + 1, 4)}-01-01` : `${pad(d.year, 4)}-${pad(d.month + 1)}-01`;
  return windowOf(kind, first, next, timeZone);
}

/** The day, week (Sunday..Saturday) or calendar month containing the instant, in the zone. */
export function periodWindow(kind: BoardKind, instant: number, timeZone: string): PeriodWindow {
  return windowFromDate(kind, localDate(instant, timeZone), timeZone);
}

export function currentWindows(instant: number, timeZone: string): Record<BoardKind, PeriodWindow> {
  return {
    daily: periodWindow('daily', instant, timeZone),
    weekly: periodWindow('weekly', instant, timeZone),
    monthly: periodWindow('monthly', instant, timeZone),
  };
}

export function periodKey(kind: BoardKind, instant: number, timeZone: string): string {
  const date = localDate(instant, timeZone);
  if (kind === 'daily') return `d${date}`;
  if (kind === 'weekly') return `w${addDays(date, -dayOfWeek(date))}`;
  return `m${date.slice(0, 7)}`;
}

/** The window a period key names; throws RangeError for a malformed key (or a weekly key not on a Sunday). */
export function windowForKey(key: string, timeZone: string): PeriodWindow {
  const prefix = key.charAt(0);
  const rest = key.slice(1);
  if (prefix === 'd' && isCalendarDate(rest)) return windowFromDate('daily', rest, timeZone);
  if (prefix === 'w' && isCalendarDate(rest) && dayOfWeek(rest) === 0)
    return windowFromDate('weekly', rest, timeZone);
  if (prefix === 'm' && isCalendarDate(`${rest}-01`))
    return windowFromDate('monthly', `${rest}-01`, timeZone);
  throw new RangeError(`Not a period key: ${key}`);
}

/** The viewer's own zone, for personal stats and goal progress (reads no clock). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const validZones = new Map<string, boolean>();

/**
 * Whether a text names a time zone Intl knows (an IANA name such as 'Europe/Berlin', or 'UTC').
 * Names come from users' browsers, so the answer is remembered, within bounds.
 */
export function isValidTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(zone)) return false;
  const known = validZones.get(zone);
  if (known !== undefined) return known;
  let ok = true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    ok = false;
  }
  if (validZones.size >= 1024) validZones.clear();
  validZones.set(zone, ok);
  return ok;
}

/**
 * The instant a local wall time names in a zone, to the minute: the earlier one when a DST
 * fall-back repeats it; in a spring-forward gap, the wall time shifted forward by the gap (as
 * JavaScript's Date does), never before the day's start.
 */
export function instantOfLocalTime(date: string, hour: number, minute: number, timeZone: string): number {
  const d = parseCalendarDate(date);
  if (!d) throw new RangeError(`Not a calendar date: ${date}`);
  const wall = utcInstant(d.year, d.month, d.day, hour, minute);
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  const exact = [first, second].filter((t) => wall - offsetAt(t, timeZone) === t);
  const t = exact.length > 0 ? Math.min(...exact) : Math.max(first, second);
  return Math.max(t, startOfLocalDay(date, timeZone));
}
