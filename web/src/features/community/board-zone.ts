/** Boards count days in the community zone, the dashboard in the viewer's: said when the two differ. */
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

/** The note when the boards' zone shows another time now (and which date it is there), else null. */
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
