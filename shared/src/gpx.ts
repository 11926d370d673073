/**
 * A GPX track of a run or a ride as one entry. The XML is read in the browser (web/src/data/gpx.ts,
 * through @tmcw/togeojson over DOMParser); this takes what it found (the points with their times,
 * the track's type) and makes the entry: distance along the track, minutes from its first to its
 * last time, the activity from its type.
 */
import { activitiesOnly, activityRow, type ImportRow, type ReadContext, type ReadImport } from './archive.ts';
import { findActivity } from './catalogue.ts';
import type { ActivityRecord } from './model.ts';
import { EARLIEST_ENTRY_TIME, minutesOf } from './source-dates.ts';

export const GPX_FORMAT = 'GPX track (.gpx)';

/** What the XML gave: each segment's points as [longitude, latitude] with its time (ISO) or null. */
export interface GpxTrack {
  readonly name: string | null;
  /** The track's `<type>` as the app that wrote it spells it (running, cycling, 9, ...). */
  readonly type: string | null;
  readonly segments: readonly {
    readonly points: readonly (readonly number[])[];
    readonly times: readonly (string | null)[];
  }[];
}

export const GPX_MESSAGES = {
  notGpx: 'This file is not a GPX track.',
  noTrack: 'This GPX file has no track with points.',
  noTimes: 'This GPX track has no times: its minutes cannot be known.',
  noDuration: 'All the points of this GPX track have the same time: its minutes cannot be known.',
  clockUnset: (date: string) =>
    `This GPX track is dated ${date}, before 2000: the device's clock was not set, so when it was recorded cannot be known.`,
  doctype: 'This file declares a DOCTYPE, which a GPX track never has: it is not read.',
  noType:
    'This GPX track does not say whether it is a run, a ride, a walk or a hike (its <type> is missing).',
  unknownType: (value: string) => `Unknown activity '${value}'.`,
} as const;

/** GPX `<type>` values (Strava, Garmin, Komoot spell them so) to catalogue activities. */
export const GPX_TYPES: Readonly<Record<string, string>> = {
  running: 'Running',
  run: 'Running',
  trail_running: 'Running',
  '9': 'Running', // Strava's older GPX exports number their types
  cycling: 'Cycling',
  biking: 'Cycling',
  ride: 'Cycling',
  road_biking: 'Cycling',
  mountain_biking: 'Cycling',
  gravel_cycling: 'Cycling',
  '1': 'Cycling',
  walking: 'Walking',
  walk: 'Walking',
  '10': 'Walking',
  hiking: 'Hiking',
  hike: 'Hiking',
  '4': 'Hiking',
};

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance between two [lon, lat] points (haversine), in metres. */
export function metresBetween(a: readonly number[], b: readonly number[]): number {
  const [lon1 = 0, lat1 = 0] = a;
  const [lon2 = 0, lat2 = 0] = b;
  const h =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lon2 - lon1) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * GPX times are UTC; Date.parse would read one written without a zone in the device's zone, and the
 * same track's source id (its start) would differ from one device to another.
 */
const instantOf = (time: string) =>
  Date.parse(/T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(time.trim()) ? `${time.trim()}Z` : time);

/**
 * The track's distance (segments are not joined: a pause's jump is not ground covered) and times;
 * without any time from 2000 on, `tooEarly`: the earliest time before, or null when none has one.
 */
export function summarizeTrack(
  track: GpxTrack,
): { metres: number; start: number; end: number } | { tooEarly: number | null } {
  let metres = 0;
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  let tooEarly = Number.POSITIVE_INFINITY;
  for (const segment of track.segments) {
    segment.points.forEach((point, i) => {
      const previous = segment.points[i - 1];
      if (previous) metres += metresBetween(previous, point);
    });
    for (const time of segment.times) {
      const t = time === null ? Number.NaN : instantOf(time);
      // Before EARLIEST_ENTRY_TIME a point's time is unknown, as a missing one is.
      if (t < EARLIEST_ENTRY_TIME) tooEarly = Math.min(tooEarly, t);
      else if (Number.isFinite(t)) {
        start = Math.min(start, t);
        end = Math.max(end, t);
      }
    }
  }
  if (Number.isFinite(start)) return { metres: Math.round(metres), start, end };
  return { tooEarly: Number.isFinite(tooEarly) ? tooEarly : null };
}

export function readGpx(track: GpxTrack, ctx: ReadContext): ReadImport {
  if (!track.segments.some((s) => s.points.length > 1)) return { ok: false, message: GPX_MESSAGES.noTrack };
  const summary = summarizeTrack(track);
  if ('tooEarly' in summary)
    return {
      ok: false,
      message:
        summary.tooEarly === null
          ? GPX_MESSAGES.noTimes
          : GPX_MESSAGES.clockUnset(new Date(summary.tooEarly).toISOString().slice(0, 10)),
    };
  if (summary.end <= summary.start) return { ok: false, message: GPX_MESSAGES.noDuration };
  const type = track.type?.trim() ?? '';
  if (type === '') return { ok: false, message: GPX_MESSAGES.noType };
  const name = GPX_TYPES[type.toLowerCase()];
  const activity = name === undefined ? undefined : findActivity(name);
  const where = track.name ? `track '${track.name}'` : 'track';
  const refused = [];
  const activities: ImportRow<ActivityRecord>[] = [];
  if (!activity) refused.push({ where, message: GPX_MESSAGES.unknownType(type) });
  else {
    const checked = activityRow(
      {
        activityType: activity.name,
        count: undefined,
        time: minutesOf((summary.end - summary.start) / 1000),
        weightLifted: undefined,
        distance: summary.metres > 0 ? summary.metres : undefined,
        distanceUnits: 'metres',
        timestamp: summary.start,
      },
      ctx,
    );
    // The start time is the track's id: the same recording imported again is the same entry.
    if (checked.ok)
      activities.push({
        where,
        value: checked.value,
        granularity: 'exact',
        sourceId: `gpx:${summary.start}`,
      });
    else refused.push({ where, message: checked.message });
  }
  return { ok: true, source: activitiesOnly('gpx', GPX_FORMAT, activities, refused) };
}
