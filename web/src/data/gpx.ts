/** A GPX file's tracks read in the browser (DOMParser and togeojson), loaded only for such a file. */
import { GPX_MESSAGES, type GpxTrack } from '@fit/shared/gpx';
import { gpx } from '@tmcw/togeojson';

type Times = readonly (string | null)[];

/** The first track of a GPX file (a route or waypoints alone hold no times), or why there is none. */
export function readGpxTrack(text: string): { ok: true; track: GpxTrack } | { ok: false; message: string } {
  // A DTD is where entities are declared (a few lines can expand to gigabytes): GPX has none.
  if (/<!DOCTYPE/i.test(text)) return { ok: false, message: GPX_MESSAGES.doctype };
  const doc = new DOMParser().parseFromString(text.replace(/^\uFEFF/, ''), 'application/xml');
  if (doc.getElementsByTagName('parsererror').length > 0 || doc.documentElement?.nodeName !== 'gpx')
    return { ok: false, message: GPX_MESSAGES.notGpx };
  const feature = gpx(doc).features.find((f) => f.properties?._gpxType === 'trk');
  const geometry = feature?.geometry;
  if (!feature || !geometry || (geometry.type !== 'LineString' && geometry.type !== 'MultiLineString'))
    return { ok: false, message: GPX_MESSAGES.noTrack };
  const properties = feature.properties ?? {};
  const times = (properties.coordinateProperties as { times?: Times | Times[] } | undefined)?.times;
  const lines = geometry.type === 'LineString' ? [geometry.coordinates] : geometry.coordinates;
  // togeojson gives one list of times for a single segment, one list per segment for several.
  const timesOf = (i: number): Times =>
    (geometry.type === 'LineString' ? (times as Times | undefined) : (times as Times[] | undefined)?.[i]) ??
    [];
  return {
    ok: true,
    track: {
      name: typeof properties.name === 'string' ? properties.name : null,
      type: typeof properties.type === 'string' ? properties.type : null,
      segments: lines.map((points, i) => ({ points, times: timesOf(i) })),
    },
  };
}
