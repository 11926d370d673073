/**
 * A datetime-local value ('YYYY-MM-DDTHH:MM', the browser's zone) to and from epoch ms, parsed by its
 * parts (`Date.parse`'s reading is the engine's to choose); 30 February is refused, not rolled over.
 */
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The minute of `instant` in the browser's zone, as a datetime-local value. */
export function toDateTimeLocal(instant: number): string {
  const d = new Date(instant);
  return `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Epoch ms of a datetime-local value in the browser's zone; NaN when it is not one. */
export function fromDateTimeLocal(text: string): number {
  const m = LOCAL_DATE_TIME.exec(text.trim());
  if (!m) return Number.NaN;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => (v === undefined ? 0 : Number(v))) as number[];
  const date = new Date(y as number, (mo as number) - 1, d, h, mi, s);
  // Rolled over (30 February, hour 24): not a real time. A time skipped by a DST change moves on.
  if (date.getFullYear() !== y || date.getMonth() !== (mo as number) - 1 || date.getDate() !== d)
    return Number.NaN;
  return date.getTime();
}
