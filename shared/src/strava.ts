/**
 * Strava's bulk export (Settings > My Account > Download or delete your account): `activities.csv`,
 * one row per activity. Read are Activity ID (the source id), Activity Date (UTC, "Nov 20, 2026,
 * 7:03:12 AM"), Activity Type, Elapsed Time (seconds) and Distance (km). The export repeats some
 * column names further right (a second Distance, in metres): the first one of each name is read.
 */
import {
  activitiesOnly,
  activityRow,
  earliestRefusal,
  type ImportRow,
  type ReadContext,
  type ReadImport,
  type Refusal,
} from './archive.ts';
import type { CsvRow } from './csv.ts';
import { stravaActivity } from './import-mappings.ts';
import type { ActivityRecord } from './model.ts';
import { minutesOf, utcInstantOf } from './source-dates.ts';

export const STRAVA_FORMAT = 'Strava activities export (activities.csv)';

export const STRAVA_MESSAGES = {
  date: (value: string) => `Activity Date '${value}' is not a date like "Nov 20, 2026, 7:03:12 AM".`,
  id: (value: string) => `Activity ID '${value}' is not an id.`,
  idTwice: (value: string) => `Activity ID '${value}' appears twice in this file: it is imported once.`,
  elapsed: (value: string) => `Elapsed Time '${value}' is not a number of seconds.`,
  distance: (value: string) => `Distance '${value}' is not a number of km.`,
} as const;

/** A plain decimal with a point, maybe with thousands grouped by commas ("1,005.3"). */
const DECIMAL = /^(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/;
// Not Number(): it takes "0x100" and "5e0"; and a decimal comma ("1,2") is refused, not read as 12,
// except in a file with ';' between cells, where a comma can only be the decimal one.
function decimalOf(text: string, decimalComma: boolean): number {
  if (decimalComma && /^\d+,\d+$/.test(text)) return Number(text.replace(',', '.'));
  return DECIMAL.test(text) ? Number(text.replace(/,/g, '')) : Number.NaN;
}

const REQUIRED = ['activity id', 'activity date', 'activity type', 'elapsed time'] as const;

/** The header's first column of each name (lower case), or null when it is not Strava's. */
export function stravaColumns(header: readonly string[]): Map<string, number> | null {
  const columns = new Map<string, number>();
  header.forEach((cell, i) => {
    const name = cell.trim().toLowerCase();
    if (!columns.has(name)) columns.set(name, i);
  });
  return REQUIRED.every((name) => columns.has(name)) ? columns : null;
}

/** The rows after Strava's header, each through the catalogue mapping and the dashboard's validator. */
export function readStrava(
  rows: readonly CsvRow[],
  columns: Map<string, number>,
  ctx: ReadContext,
  decimalComma = false,
): ReadImport {
  const activities: ImportRow<ActivityRecord>[] = [];
  const refused: Refusal[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const where = `line ${row.line}`;
    const cell = (name: string) => {
      const i = columns.get(name);
      return i === undefined ? '' : (row.cells[i] ?? '').trim();
    };
    const refuse = (message: string) => refused.push({ where, message });
    const id = cell('activity id');
    if (!/^\d{1,20}$/.test(id)) {
      refuse(STRAVA_MESSAGES.id(id));
      continue;
    }
    if (seen.has(id)) {
      refuse(STRAVA_MESSAGES.idTwice(id));
      continue;
    }
    seen.add(id);
    const timestamp = utcInstantOf(cell('activity date'));
    if (timestamp === null) {
      refuse(STRAVA_MESSAGES.date(cell('activity date')));
      continue;
    }
    // Strava writes its dates in UTC: the date refused is named as the file has it.
    const early = earliestRefusal(timestamp, 'UTC');
    if (early) {
      refuse(early);
      continue;
    }
    const mapped = stravaActivity(cell('activity type'));
    if (!mapped.ok) {
      refuse(mapped.message);
      continue;
    }
    const elapsed = decimalOf(cell('elapsed time'), decimalComma);
    if (!Number.isFinite(elapsed) || elapsed <= 0) {
      refuse(STRAVA_MESSAGES.elapsed(cell('elapsed time')));
      continue;
    }
    // Distance is in km with a point; 0 (a yoga class, a treadmill without a sensor) means none.
    const km = cell('distance') === '' ? 0 : decimalOf(cell('distance'), decimalComma);
    if (!Number.isFinite(km)) {
      refuse(STRAVA_MESSAGES.distance(cell('distance')));
      continue;
    }
    const checked = activityRow(
      {
        activityType: mapped.activity.name,
        count: undefined,
        time: minutesOf(elapsed),
        weightLifted: undefined,
        distance: mapped.activity.distance && km > 0 ? km : undefined,
        distanceUnits: 'metric',
        timestamp,
      },
      ctx,
    );
    if (checked.ok)
      activities.push({ where, value: checked.value, granularity: 'exact', sourceId: `strava:${id}` });
    else refuse(checked.message);
  }
  return { ok: true, source: activitiesOnly('strava', STRAVA_FORMAT, activities, refused) };
}
