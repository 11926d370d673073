/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GPX_FORMAT, GPX_MESSAGES } from '@fit/shared/gpx';
import { describe, expect, it } from 'vitest';
import { readGpxTrack } from './gpx.ts';
import { readImportText } from './import-reader.ts';

const RUN = readFileSync(
  join(import.meta.dirname, '..', '..', '..', 'shared', 'test', 'fixtures', 'morning-run.gpx'),
  'utf8',
);
const NOW = Date.UTC(2026, 10, 28, 12, 0);
const ctx = { uid: 'u1', now: NOW, timeZone: 'Europe/Berlin' };

describe('a GPX track (DOMParser and @tmcw/togeojson)', () => {
  it('reads both segments of the track with their times', () => {
    const read = readGpxTrack(RUN);
    if (!read.ok) throw new Error(read.message);
    expect(read.track.name).toBe('Saturday morning run');
    expect(read.track.type).toBe('running');
    expect(read.track.segments.map((s) => [s.points.length, s.times.length])).toEqual([
      [181, 181],
      [180, 180],
    ]);
  });

  it('is one run: distance along each segment (not the gap between), minutes first to last point', async () => {
    const read = await readImportText(RUN, ctx);
    if (!read.ok) throw new Error(read.message);
    expect(read.source.format).toBe(GPX_FORMAT);
    const [run] = read.source.activities;
    expect(run?.value).toMatchObject({
      activityType: 'Running',
      time: 31,
      timestamp: Date.UTC(2026, 10, 21, 7, 30),
    });
    expect(Math.abs((run?.value.distance ?? 0) - 5026)).toBeLessThanOrEqual(3);
    expect(run?.sourceId).toBe(`gpx:${Date.UTC(2026, 10, 21, 7, 30)}`);
  });

  it('refuses what is not a track of a known kind, with a clear message', async () => {
    const refusal = async (text: string) => {
      const read = await readImportText(text, ctx);
      return read.ok ? read.source.refused.map((r) => r.message) : read.message;
    };
    expect(await refusal('<html><body>hi</body></html>')).toBe(GPX_MESSAGES.notGpx);
    expect(await refusal('<gpx><trk><trkseg>')).toBe(GPX_MESSAGES.notGpx);
    expect(await refusal('<gpx version="1.1"><wpt lat="1" lon="2"/></gpx>')).toBe(GPX_MESSAGES.noTrack);
    expect(await refusal(RUN.replace(/<time>[^<]*<\/time>/g, ''))).toBe(GPX_MESSAGES.noTimes);
    expect(await refusal(RUN.replace('<type>running</type>', ''))).toBe(GPX_MESSAGES.noType);
    expect(await refusal(RUN.replace('<type>running</type>', '<type>kitesurfing</type>'))).toEqual([
      "Unknown activity 'kitesurfing'.",
    ]);
    // A watch whose clock was never set writes 1970: refused, not imported as a run in 1970.
    expect(await refusal(RUN.replace(/2026-11-21/g, '1970-01-01'))).toBe(
      GPX_MESSAGES.clockUnset('1970-01-01'),
    );
    // 5 km in 31 minutes is no walk's pace limit problem, but a run in the future is refused.
    expect(await refusal(RUN.replace(/2026-11-21/g, '2026-12-21'))).toEqual([
      'Date cannot be in the future.',
    ]);
  });
});

describe('a hostile GPX file', () => {
  it('is refused before parsing when it declares a DOCTYPE (entities could expand without bound)', async () => {
    const bomb = RUN.replace(
      '<gpx ',
      '<!DOCTYPE gpx [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>\n<gpx ',
    ).replace('<name>Saturday morning run</name>', '<name>&b;</name>');
    expect(readGpxTrack(bomb)).toEqual({ ok: false, message: GPX_MESSAGES.doctype });
    expect(await readImportText(bomb, ctx)).toEqual({ ok: false, message: GPX_MESSAGES.doctype });
  });
});
