/**
 * The three boards (daily, weekly, monthly): the top 3 visible board entries of the current period
 * by reps, minutes and calories, always computed from board entries with the same query. The
 * minute rollup recomputes all three (the safety net, and what moves a board to a new period);
 * the activity reaction refreshes a board when a user's entry may change its top 3
 * (board-refresh.ts); hiding or deleting a user rewrites the boards that name them.
 */

import { BOARD_PLACES } from '../community.ts';
import {
  BOARD_KINDS,
  BOARD_METRICS,
  type BoardKind,
  type BoardMetric,
  type BoardPlace,
  paths,
} from '../model.ts';
import { currentWindows } from '../periods.ts';
import type { DocData, DocSnapshot, DocumentReader, WriteOp } from '../store.ts';
import { numberOr0 } from '../totals.ts';
import { type ReactionEnv, readUser, sameProjection } from './core.ts';
import { type PaceOptions, type PaceResult, Pacer } from './pacing.ts';
import { reactionQueries } from './queries.ts';

export type BoardPlaces = Record<BoardMetric, BoardPlace[]>;

/** The top 3 of a metric as a board shows them: places with a value above 0, best first. */
export function placesOf(entries: readonly DocSnapshot[], metric: BoardMetric): BoardPlace[] {
  return entries
    .map((e) => ({
      uid: String(e.data.uid ?? ''),
      userName: String(e.data.userName ?? ''),
      value: numberOr0(e.data[metric]),
    }))
    .filter((p) => p.value > 0);
}

export function boardDoc(
  kind: BoardKind,
  periodKey: string,
  timeZone: string,
  places: BoardPlaces,
  computedAt: number,
): DocData {
  return {
    kind,
    periodKey,
    timeZone,
    reps: places.reps,
    minutes: places.minutes,
    calories: places.calories,
    computedAt,
  };
}

/**
 * A period's places by one metric, from board entries; `without` leaves one user out (one more
 * place is read so the board still shows three).
 */
export async function topPlaces(
  reader: Pick<DocumentReader, 'query'>,
  periodKey: string,
  metric: BoardMetric,
  without?: string,
): Promise<BoardPlace[]> {
  if (without === undefined)
    return placesOf(await reader.query(reactionQueries.topEntries(periodKey, metric)), metric);
  const top = await reader.query(reactionQueries.topEntries(periodKey, metric, BOARD_PLACES + 1));
  return placesOf(top.filter((e) => e.data.uid !== without).slice(0, BOARD_PLACES), metric);
}

/** The places of every metric, each read by `of` (all at once). */
export async function placesBy(of: (metric: BoardMetric) => Promise<BoardPlace[]>): Promise<BoardPlaces> {
  const all = await Promise.all(BOARD_METRICS.map(of));
  return Object.fromEntries(BOARD_METRICS.map((m, i) => [m, all[i] ?? []])) as BoardPlaces;
}

/**
 * The nine top-3 queries over board entries of the current day, week and month; a board is
 * written only when what it shows changed (so at most three writes a minute, whatever the load).
 * Paced (`minGapMs`): a board written within the gap by anything else (the reactions) is left
 * for the retry the result names.
 */
export async function rollupBoards(
  env: ReactionEnv,
  opts: PaceOptions = {},
): Promise<{ written: BoardKind[]; retryAt: number | null }> {
  const current = currentWindows(env.now, env.timeZone);
  const pacer = new Pacer(env.now, opts);
  const written: BoardKind[] = [];
  const writes: WriteOp[] = [];
  await Promise.all(
    BOARD_KINDS.map(async (kind) => {
      const key = current[kind].key;
      const [existing, places] = await Promise.all([
        env.store.get(paths.board(kind)),
        placesBy((metric) => topPlaces(env.store, key, metric)),
      ]);
      const doc = boardDoc(kind, key, env.timeZone, places, env.now);
      if (existing && sameProjection(existing.data, doc)) return;
      if (pacer.holdsBack(existing)) return;
      written.push(kind);
      writes.push({ kind: 'set', path: paths.board(kind), data: doc });
    }),
  );
  if (writes.length > 0) await env.store.commit(writes);
  written.sort((a, b) => BOARD_KINDS.indexOf(a) - BOARD_KINDS.indexOf(b));
  return { written, retryAt: pacer.result().retryAt };
}

/** Whether a board shows `uid` in any of its metrics. */
function names(board: DocSnapshot | null, uid: string): boolean {
  return BOARD_METRICS.some((m) => {
    const places = board?.data[m];
    return Array.isArray(places) && places.some((p) => (p as { uid?: unknown } | null)?.uid === uid);
  });
}

/**
 * A user who hid their exercise info or was deleted leaves every board at once: each board that
 * names them is recomputed for its current period from board entries (the rollup's own query, with
 * one more place so the user can be left out even before their entries say so). Does nothing for
 * a user who is visible again by now. Paced like every projection write (pacing.ts).
 */
export async function removeFromBoards(
  env: ReactionEnv,
  uid: string,
  opts: PaceOptions = {},
): Promise<PaceResult> {
  const pacer = new Pacer(env.now, opts);
  await env.store.transact(async (tx) => {
    const [user, ...boards] = await Promise.all([
      readUser(tx, uid),
      ...BOARD_KINDS.map((kind) => tx.get(paths.board(kind))),
    ]);
    if (user?.person.visible) return;
    const current = currentWindows(env.now, env.timeZone);
    const writes: WriteOp[] = [];
    for (const [i, kind] of BOARD_KINDS.entries()) {
      const existing = boards[i] ?? null;
      if (!names(existing, uid)) continue;
      const key = current[kind].key;
      const places = await placesBy((metric) => topPlaces(tx, key, metric, uid));
      const doc = boardDoc(kind, key, env.timeZone, places, env.now);
      if (existing && sameProjection(existing.data, doc)) continue;
      if (pacer.holdsBack(existing)) continue;
      writes.push({ kind: 'set', path: paths.board(kind), data: doc });
    }
    for (const w of writes) tx.write(w);
  });
  return pacer.result();
}
