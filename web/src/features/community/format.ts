/** Small pure helpers of the community page: relative dates, initials, avatar colours, links. */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Days since 1970 of an instant's local calendar date (the viewer's zone). */
function localDayNumber(instant: number): number {
  const d = new Date(instant);
  return Math.round(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / DAY);
}

/**
 * '5 min ago', '3 h ago' within a day; then in the viewer's calendar days 'yesterday' and '4 d ago';
 * else a short date ('Nov 2', or 'Nov 2, 2025' in another year).
 */
export function relativeTime(timestamp: number, now: number): string {
  const ago = now - timestamp;
  if (ago < 45_000) return 'just now';
  if (ago < HOUR) return `${Math.max(1, Math.round(ago / MINUTE))} min ago`;
  const days = localDayNumber(now) - localDayNumber(timestamp);
  // Under a day, or still today (a 25-hour day when clocks go back).
  if (ago < DAY || days < 1) return `${Math.floor(ago / HOUR)} h ago`;
  if (days === 1) return 'yesterday';
  if (days < 7) return `${days} d ago`;
  const date = new Date(timestamp);
  const sameYear = date.getFullYear() === new Date(now).getFullYear();
  return (sameYear ? shortDate : shortDateWithYear).format(date);
}

// Made once: `toLocaleString` with options builds a formatter per call (~50 ms a render on a phone).
const SHORT = { month: 'short', day: 'numeric' } as const;
const shortDate = new Intl.DateTimeFormat(undefined, SHORT);
const shortDateWithYear = new Intl.DateTimeFormat(undefined, { ...SHORT, year: 'numeric' });
const fullDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' });

/** The full date and time, in the viewer's locale and zone (shown on hover). */
export const fullDateTime = (timestamp: number) => fullDate.format(timestamp);

/** Up to two initials of a display name ('Ada Lovelace' -> 'AL', 'ada' -> 'A'). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.slice(0, 2).map((w) => Array.from(w)[0] ?? '');
  return letters.join('').toUpperCase() || '?';
}

/** A stable avatar colour per user id: a token of the theme's `palette.avatar` (of `count` entries). */
export function avatarColor(uid: string, count: number): string {
  let hash = 0;
  for (const ch of uid) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return `avatar.${hash % Math.max(1, count)}`;
}

type MessagePart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_CANDIDATE = /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/gi;
const TRAILING = /[.,!?;:'"*_~]+$/;

/** The href a candidate should link to, or null unless it is a well-formed http(s) URL. */
function safeHref(candidate: string): string | null {
  const withScheme = /^www\./i.test(candidate) ? `https://${candidate}` : candidate;
  try {
    const url = new URL(withScheme);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? url.href : null;
  } catch {
    return null;
  }
}

/** Drops trailing punctuation and an unbalanced closing bracket: '(see https://x.io/a).' -> 'https://x.io/a'. */
function trimCandidate(candidate: string): string {
  let out = candidate;
  for (;;) {
    const before = out;
    out = out.replace(TRAILING, '');
    for (const [open = '', close = ''] of ['()', '[]', '{}']) {
      if (out.endsWith(close) && out.split(open).length < out.split(close).length) out = out.slice(0, -1);
    }
    if (out === before) return out;
  }
}

/** Splits a message into text and http(s) links; anything else (`javascript:`) stays plain text. */
export function splitLinks(message: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of message.matchAll(URL_CANDIDATE)) {
    const start = match.index ?? 0;
    const candidate = trimCandidate(match[0]);
    const href = safeHref(candidate);
    if (!href) continue;
    if (start > last) parts.push({ kind: 'text', text: message.slice(last, start) });
    parts.push({ kind: 'link', text: candidate, href });
    last = start + candidate.length;
  }
  if (last < message.length) parts.push({ kind: 'text', text: message.slice(last) });
  return parts;
}
