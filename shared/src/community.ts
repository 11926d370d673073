/**
 * Rules of the community page, one definition for the browser and the reactions: how much of each
 * feed the page shows, how many places a board has, and whether a board belongs to the period
 * running now.
 */
import type { Board, BoardMetric, BoardPlace } from './model.ts';
import { periodKey } from './periods.ts';

/** How many posts and how many activities the community page shows (spec: the latest 30 of each). */
export const FEED_SHOWN = 30;
/** Places per leaderboard (spec: top 3). */
export const BOARD_PLACES = 3;

/** True when the board's period is the one running now in the board's own time zone. */
export function isBoardCurrent(board: Board, now: number): boolean {
  try {
    return board.periodKey !== '' && board.periodKey === periodKey(board.kind, now, board.timeZone);
  } catch {
    return false; // an unknown time zone: better 'No data available.' than a wrong period
  }
}

/** The places to show for one metric: none when the board is missing or not for the current period. */
export function currentPlaces(
  board: Board | null | undefined,
  metric: BoardMetric,
  now: number,
): BoardPlace[] {
  if (!board || !isBoardCurrent(board, now)) return [];
  return board[metric];
}
