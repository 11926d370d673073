/**
 * Boards fresh within seconds of a change to a top 3, without waiting for the minute rollup (which
 * stays the safety net and moves boards to a new period). Once the activity reaction has brought a
 * user's board entry of a current period up to date, the stored board says whether that entry can
 * change its top 3 for a metric: the board names the user there, or the entry is visible and
 * reaches the 3rd place (or a place is free). Only those metrics are then recomputed from board
 * entries, in a transaction, and the board written if it changed, paced like every projection.
 *
 * Reads per activity write: the three current boards; for each board the entry can change, the
 * board again and at most three entries per metric concerned (so at most 3 + 3 x 10 = 33).
 */

import { BOARD_PLACES } from '../community.ts';
import { BOARD_METRICS, type BoardKind, type BoardMetric, type BoardPlace, paths } from '../model.ts';
import type { DocData } from '../store.ts';
import { numberOr0 } from '../totals.ts';
import { boardDoc, placesBy, topPlaces } from './boards.ts';
import { type ReactionEnv, sameProjection } from './core.ts';
import type { Pacer } from './pacing.ts';

/** A user's board entry of the current period of a board, as stored after the reaction (null: none). */
export interface CurrentEntry {
  kind: BoardKind;
  key: string;
  entry: DocData | null;
}

/** A stored board of `key` with an array of places per metric: what can be compared and kept. */
function isBoardOf(board: DocData | undefined, key: string, timeZone: string): board is DocData {
  return (
    board?.periodKey === key &&
    board.timeZone === timeZone &&
    BOARD_METRICS.every((m) => Array.isArray(board[m]))
  );
}

/** A board already moved to a later period (by a run with a later clock): never taken back. */
function isAhead(board: DocData | undefined, key: string): boolean {
  return typeof board?.periodKey === 'string' && board.periodKey > key;
}

/**
 * The metrics of `board` whose top 3 `entry` (the user's, of period `key`) can change: a place of
 * the user's that no longer shows the entry, or an entry that reaches the 3rd place (ties count:
 * the query breaks them by path). A place showing the entry as it is needs nothing (a retry, a
 * duplicate). A board of another period (or none): every metric, if the entry counts at all.
 */
export function metricsTouched(
  board: DocData | undefined,
  key: string,
  timeZone: string,
  uid: string,
  entry: DocData | null,
): BoardMetric[] {
  const counts = (m: BoardMetric) => entry?.visible === true && numberOr0(entry[m]) > 0;
  if (isAhead(board, key)) return [];
  if (!isBoardOf(board, key, timeZone)) return BOARD_METRICS.some(counts) ? [...BOARD_METRICS] : [];
  return BOARD_METRICS.filter((m) => {
    const places = board[m] as readonly (Partial<BoardPlace> | null)[];
    const mine = places.find((p) => p?.uid === uid);
    if (mine) return !counts(m) || mine.value !== entry?.[m] || mine.userName !== entry?.userName;
    if (!counts(m)) return false;
    const third = places[BOARD_PLACES - 1];
    return third === undefined || numberOr0(entry?.[m]) >= numberOr0(third?.value);
  });
}

/**
 * Recomputes the boards `entries` can change (reads the stored boards first, outside any
 * transaction, so the common case locks nothing), each in one transaction: the metrics concerned
 * from board entries, the others as stored; written only if changed, and held back within the gap.
 */
export async function refreshBoards(
  env: ReactionEnv,
  uid: string,
  entries: readonly CurrentEntry[],
  pacer: Pacer,
): Promise<void> {
  const stored = await Promise.all(entries.map((e) => env.store.get(paths.board(e.kind))));
  const work = entries
    .map((e, i) => ({ ...e, metrics: metricsTouched(stored[i]?.data, e.key, env.timeZone, uid, e.entry) }))
    .filter((w) => w.metrics.length > 0);
  if (work.length === 0) return;
  await env.store.transact(async (tx) => {
    const boards = await Promise.all(work.map((w) => tx.get(paths.board(w.kind))));
    const docs = await Promise.all(
      work.map(async (w, i) => {
        const kept = boards[i]?.data;
        const base = isBoardOf(kept, w.key, env.timeZone) ? kept : null;
        const places = await placesBy(async (m) =>
          base && !w.metrics.includes(m) ? (base[m] as BoardPlace[]) : topPlaces(tx, w.key, m),
        );
        return boardDoc(w.kind, w.key, env.timeZone, places, env.now);
      }),
    );
    work.forEach((w, i) => {
      const existing = boards[i] ?? null;
      const doc = docs[i] as DocData;
      if (existing && (isAhead(existing.data, w.key) || sameProjection(existing.data, doc))) return;
      if (pacer.holdsBack(existing)) return;
      tx.write({ kind: 'set', path: paths.board(w.kind), data: doc });
    });
  });
}
