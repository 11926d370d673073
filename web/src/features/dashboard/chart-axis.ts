// The weight chart's time axis: ticks on whole minutes, hours, days or months of the viewer's
// clock, at a step no finer than their label, so no two tick labels read the same.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Steps under a day, in ms, aligned to the local midnight. */
const CLOCK_STEPS = [MINUTE, 5 * MINUTE, 15 * MINUTE, 30 * MINUTE, HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR];
/** Steps of whole local days, then months. */
const DAY_STEPS = [1, 2, 7, 14];
const MONTH_STEPS = [1, 2, 3, 6, 12];

interface TimeAxis {
  /** Domain edges (ms), a little wider than the data so end points are not on the frame. */
  min: number;
  max: number;
  /** Tick instants (ms), ascending, inside [min, max]. */
  ticks: number[];
  /** A tick's label, at the resolution of the step. */
  label: (t: number) => string;
}

function localMidnight(t: number): Date {
  const d = new Date(t);
  d.setHours(0, 0, 0, 0);
  return d;
}

/** An axis over the instants `times` (any order) with at most `maxTicks` ticks. */
export function timeAxis(times: readonly number[], maxTicks = 5, locale?: string): TimeAxis {
  const first = Math.min(...times);
  const last = Math.max(...times);
  // A single instant (or two equal ones) still gets a readable half-hour window.
  const pad = Math.max((last - first) * 0.03, last === first ? 30 * MINUTE : MINUTE);
  const min = first - pad;
  const max = last + pad;
  const span = max - min;
  const limit = Math.max(2, maxTicks);

  const clock = CLOCK_STEPS.find((step) => span / step <= limit);
  if (clock !== undefined) {
    const crossesDays = localMidnight(min).getTime() !== localMidnight(max).getTime();
    const time = new Intl.DateTimeFormat(locale, {
      ...(crossesDays ? { month: 'short', day: 'numeric' } : {}),
      hour: 'numeric',
      minute: '2-digit',
    });
    const ticks: number[] = [];
    const midnight = localMidnight(min).getTime();
    for (let t = midnight + Math.ceil((min - midnight) / clock) * clock; t <= max; t += clock) ticks.push(t);
    return { min, max, ticks, label: (t) => time.format(t) };
  }

  const days = DAY_STEPS.find((n) => span / (n * DAY) <= limit);
  if (days !== undefined) {
    const crossesYears = new Date(min).getFullYear() !== new Date(max).getFullYear();
    const date = new Intl.DateTimeFormat(locale, {
      month: 'short',
      day: 'numeric',
      ...(crossesYears ? { year: 'numeric' } : {}),
    });
    const ticks: number[] = [];
    const d = localMidnight(min);
    if (d.getTime() < min) d.setDate(d.getDate() + 1);
    // Weekly steps start on a Monday-independent anchor: the first whole day in view.
    for (; d.getTime() <= max; d.setDate(d.getDate() + days)) ticks.push(d.getTime());
    return { min, max, ticks, label: (t) => date.format(t) };
  }

  const months =
    MONTH_STEPS.find((n) => span / (n * 30.44 * DAY) <= limit) ?? Math.ceil(span / (limit * 365 * DAY)) * 12;
  const monthLabel = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric' });
  const ticks: number[] = [];
  const d = localMidnight(min);
  d.setDate(1);
  if (d.getTime() < min) d.setMonth(d.getMonth() + 1);
  for (; d.getTime() <= max; d.setMonth(d.getMonth() + months)) ticks.push(d.getTime());
  return { min, max, ticks, label: (t) => monthLabel.format(t) };
}
