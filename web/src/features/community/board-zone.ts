/** Boards count days in the community zone, the dashboard in the viewer's: said when the two differ. */
import { localDate } from '@fit/shared/periods';

/** A calendar date `YYYY-MM-DD` in words, without any time zone shift. */
export function calendarText(date: string, options: Intl.DateTimeFormatOptions): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString(undefined, { ...options, timeZone: 'UTC' });
}

function wallClock(now: number, timeZone: string): string | null {
  try {
    const style = { dateStyle: 'short', timeStyle: 'short', hourCycle: 'h23' } as const;
    return new Intl.DateTimeFormat('en-US', { timeZone, ...style }).format(now);
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
  return `${note} It is ${calendarText(boardDay, { weekday: 'long', month: 'long', day: 'numeric' })} there.`;
}
