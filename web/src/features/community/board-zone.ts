/**
 * Which day the boards count, beside them (issue 11): boards count days in the community zone
 * (COMMUNITY_TIME_ZONE), the dashboard in the viewer's. Said only when the two clocks differ now.
 */
import { localDate } from '@fit/shared/periods';

function wallClock(now: number, timeZone: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(now);
  } catch {
    return null;
  }
}

/**
 * The note for a viewer in `viewerZone` when the boards' zone shows another time now, else null:
 * 'Boards count days in UTC, not your time zone (Europe/Berlin).', plus, when the dates differ,
 * which date it is there.
 */
export function boardZoneNote(now: number, boardZone: string, viewerZone: string): string | null {
  const board = wallClock(now, boardZone);
  const viewer = wallClock(now, viewerZone);
  if (board === null || viewer === null || board === viewer) return null;
  const note = `Boards count days in ${boardZone}, not your time zone (${viewerZone}).`;
  const boardDay = localDate(now, boardZone);
  if (boardDay === localDate(now, viewerZone)) return note;
  const words = new Date(`${boardDay}T12:00:00Z`).toLocaleDateString(undefined, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return `${note} It is ${words} there.`;
}
