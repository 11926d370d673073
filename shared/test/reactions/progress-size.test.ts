/**
 * What one logged activity re-sends to the dashboard's listeners: the documents the progress
 * reaction writes, each sent whole, for a user with 10,000 activities over 10 years. Bytes are
 * measured as Firestore sizes a document and as JSON, beside the old single every-day document.
 */
import { describe, expect, it } from 'vitest';
import { documentSize } from '../../firestore/semantics.ts';
import { paths } from '../../src/model.ts';
import { type ProgressEntry, personalRecords } from '../../src/progress.ts';
import { eventForWrite, type ReactionEvent, react } from '../../src/reactions/index.ts';
import { progressDocsOf } from '../../src/reactions/progress.ts';
import type { DocData, WriteOp } from '../../src/store.ts';
import { MemoryStore } from '../../testing/memory-store.ts';
import { intBetween, pick, seededRandom } from '../rng.ts';
import { rep } from './helpers.ts';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 22, 12);
const TYPES = [
  ['Running', { time: 30 }],
  ['Cycling', { time: 45 }],
  ['Bench Press', { count: 8, time: 10, weightLifted: 135 }],
  ['Squats', { count: 10, time: 10, weightLifted: 185 }],
  ['Push Ups', { count: 30, time: 5 }],
  ['Yoga', { time: 40 }],
  ['Plank', { time: 3 }],
  ['Swimming', { time: 30 }],
] as const;

/** The single document of before, as its reaction wrote it: every day and every record. */
function oldDocument(uid: string, entries: ProgressEntry[], timeZone: string, asOf: number): DocData {
  const docs = progressDocsOf(uid, entries, timeZone);
  const days: Record<string, unknown> = {};
  for (const [year, doc] of docs?.years ?? [])
    for (const [k, d] of Object.entries(doc.days)) days[`${year}-${k}`] = d;
  const records = docs?.summary.records ?? {};
  return { uid, timeZone, days, records, asOf };
}

function sizes(path: string, data: DocData) {
  return { firestore: documentSize(path, data), json: JSON.stringify(data).length };
}

describe('bytes re-sent per logged activity at 10,000 activities over 10 years', () => {
  it('one year and at times the summary, not the whole history', async () => {
    const rand = seededRandom(25);
    const store = new MemoryStore();
    const entries: ProgressEntry[] = [];
    const seed: Record<string, DocData> = { [paths.user('u1')]: { displayName: 'Pat', timeZone: 'UTC' } };
    for (let i = 0; i < 10_000; i++) {
      const [activityType, fields] = pick(rand, TYPES);
      const timestamp = NOW - intBetween(rand, 1, 3652) * DAY - intBetween(rand, 0, 12) * 3_600_000;
      const data = rep(activityType, { ...fields }, timestamp);
      seed[paths.rep('u1', `r${i}`)] = data;
      entries.push({ id: `r${i}`, ...(data as Omit<ProgressEntry, 'id'>) });
    }
    // The projection as the rebuild makes it (seeded directly: a rebuild over 10,000 activities
    // in the in-memory store takes seconds).
    const docs = progressDocsOf('u1', entries, 'UTC');
    seed[paths.progress('u1')] = { ...docs?.summary, asOf: NOW };
    for (const [year, doc] of docs?.years ?? []) seed[paths.progressYear('u1', year)] = { ...doc, asOf: NOW };
    store.seed(seed);
    const before = sizes(paths.progress('u1'), oldDocument('u1', entries, 'UTC', NOW));

    // More logs over the next days: a first of the day, a second, a record (the summary too).
    const written: WriteOp[] = [];
    store.onCommit((changes) => {
      for (const c of changes)
        if (c.path.startsWith('progress/') && c.after)
          written.push({ kind: 'set', path: c.path, data: c.after });
    });
    const events: ReactionEvent[] = [];
    store.onCommit((changes) => {
      for (const c of changes) {
        const e = eventForWrite(c.path, c.before, c.after);
        if (e) events.push(e);
      }
    });
    const perLog: { firestore: number; json: number; docs: number }[] = [];
    for (let i = 0; i < 6; i++) {
      const t = NOW + Math.floor(i / 2) * DAY + (i % 2) * 3_600_000;
      const fields = i === 3 ? { time: 600 } : { time: 20 };
      await store.commit([
        { kind: 'set', path: paths.rep('u1', `new${i}`), data: rep('Running', fields, t) },
      ]);
      written.length = 0;
      for (const e of events.splice(0)) await react({ store, now: t + 1000, timeZone: 'UTC' }, e);
      const s = written.map((w) => sizes(w.path, (w as { data: DocData }).data));
      perLog.push({
        firestore: s.reduce((n, x) => n + x.firestore, 0),
        json: s.reduce((n, x) => n + x.json, 0),
        docs: written.length,
      });
    }
    const mean = (k: 'firestore' | 'json') =>
      Math.round(perLog.reduce((n, x) => n + x[k], 0) / perLog.length);
    const max = (k: 'firestore' | 'json') => Math.max(...perLog.map((x) => x[k]));
    const summary = sizes(paths.progress('u1'), store.snapshot()[paths.progress('u1')] as DocData);
    const year = sizes(
      paths.progressYear('u1', 2026),
      store.snapshot()[paths.progressYear('u1', 2026)] as DocData,
    );
    const report = {
      activeDays: Object.keys(oldDocument('u1', entries, 'UTC', NOW).days as object).length,
      records: personalRecords(entries).size,
      beforePerLog: before,
      afterPerLog: {
        mean: { firestore: mean('firestore'), json: mean('json') },
        max: { firestore: max('firestore'), json: max('json') },
      },
      summaryWrittenOn: perLog.filter((x) => x.docs > 1).length,
      yearDocument: year,
      summaryDocument: summary,
    };
    console.info(`progress bytes per logged activity: ${JSON.stringify(report)}`);
    expect(before.firestore).toBeGreaterThan(100_000);
    // One year at most (a full year ~16 KB as Firestore counts), plus a small summary at times.
    expect(max('firestore')).toBeLessThan(20_000);
    expect(mean('firestore') * 8).toBeLessThan(before.firestore);
  }, 120_000);
});
