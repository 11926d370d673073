/**
 * What this browser remembers about a person, in one place. Each entry below is kept under its
 * prefix followed by the user's id, and exists only to spare that person a flash or a repeated
 * question; none holds data the backend does not also have.
 *
 * On a shared computer the next person must not inherit them, and a deleted account must leave
 * nothing: `keepOnlyMemoryOf` runs on every change of session (SessionProvider), so signing out by
 * any path (the Logout button, a session the backend no longer accepts, a sign-out in another tab,
 * account deletion) clears every entry, and a sign-in clears any entry left for someone else.
 * Firestore's offline cache is deleted by the /login page that a session's end loads (page-backend.ts).
 *
 * Per device, not per person, and so not listed here: the Appearance choice (theme.ts's
 * MODE_STORAGE_KEY, applied before the first paint) and RouteError's per-tab reload guard.
 */

type Area = 'local' | 'session';

interface PerUserEntry {
  /** The key is this prefix followed by the user's id. */
  readonly prefix: string;
  /** localStorage (survives the browser closing) or sessionStorage (this tab only). */
  readonly area: Area;
  readonly why: string;
}

export const PER_USER_MEMORY = {
  units: {
    prefix: 'fittrack-units:',
    area: 'local',
    why: "The profile's unit system (metric/imperial), shown while the profile loads so figures do not flip.",
  },
  logFields: {
    prefix: 'fittrack:log-fields:',
    area: 'local',
    why: "The Log Activity form's last field set, so its placeholder has the form's height (no layout shift).",
  },
  signedIn: {
    prefix: 'fittrack:signed-in:',
    area: 'local',
    why: 'Who was last signed in here (id, email, verified, sign-in methods): a signed-in page draws its frame at once on the next visit while the auth service confirms the session. No data is read or shown before it does.',
  },
  goalPromptDismissed: {
    prefix: 'fittrack:goal-prompt-dismissed:',
    area: 'session',
    why: 'The daily-goal popup was dismissed: it shows once per browser session while no goal is set.',
  },
} as const satisfies Record<string, PerUserEntry>;

type MemoryName = keyof typeof PER_USER_MEMORY;

const ENTRIES: readonly PerUserEntry[] = Object.values(PER_USER_MEMORY);

/** The storage key of `name` for `uid`. */
export function memoryKey(name: MemoryName, uid: string): string {
  return PER_USER_MEMORY[name].prefix + uid;
}

/** The storage area, or undefined when the browser refuses it (privacy settings, no DOM). */
function storage(area: Area): Storage | undefined {
  try {
    return area === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return undefined; // reading the property itself throws when storage is blocked
  }
}

/** What this device remembers of `name` for `uid`; null when nothing or when storage is refused. */
export function recall(name: MemoryName, uid: string): string | null {
  try {
    return storage(PER_USER_MEMORY[name].area)?.getItem(memoryKey(name, uid)) ?? null;
  } catch {
    return null;
  }
}

/** The one person `name` is remembered for (a browser has one session at a time), or null. */
export function recallAnyone(name: MemoryName): { uid: string; value: string } | null {
  const { prefix, area } = PER_USER_MEMORY[name];
  try {
    const store = storage(area);
    if (!store) return null;
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (!key?.startsWith(prefix) || key.length === prefix.length) continue;
      const value = store.getItem(key);
      if (value !== null) return { uid: key.slice(prefix.length), value };
    }
  } catch {
    // storage refused: nothing remembered
  }
  return null;
}

/**
 * Who is signed in, as SessionProvider last said (`keepOnlyMemoryOf`); undefined until it has.
 * A screen of the session that just ended can still commit an effect after the clearing (React
 * finishes the render under way before the signed-out one): what it would remember then for
 * someone no longer signed in is dropped, not written back.
 */
let sessionUid: string | null | undefined;

/** Remembers `value` (null: forgets it). Refused or full storage is no error: it is only a hint. */
export function remember(name: MemoryName, uid: string, value: string | null): void {
  if (value !== null && sessionUid !== undefined && sessionUid !== uid) return;
  try {
    const area = storage(PER_USER_MEMORY[name].area);
    if (value === null) area?.removeItem(memoryKey(name, uid));
    else area?.setItem(memoryKey(name, uid), value);
  } catch {
    // storage refused or full: the screens fall back to their defaults
  }
}

/** The per-user keys in `area` that do not belong to `uid` (all of them when `uid` is null). */
function othersKeys(area: Storage, uid: string | null): string[] {
  const keys: string[] = [];
  for (let i = 0; i < area.length; i++) {
    const key = area.key(i);
    if (key === null) continue;
    const entry = ENTRIES.find((e) => key.startsWith(e.prefix));
    if (entry && (uid === null || key !== entry.prefix + uid)) keys.push(key);
  }
  return keys;
}

/**
 * Keeps only what belongs to `uid`, the person signed in now; null (nobody) forgets everyone.
 * A browser has one session at a time, so any other person's entries are left from a session that
 * ended (including ones that ended before this code shipped, or while the page was closed).
 */
export function keepOnlyMemoryOf(uid: string | null): void {
  sessionUid = uid;
  for (const name of ['local', 'session'] as const) {
    const area = storage(name);
    if (!area) continue;
    try {
      for (const key of othersKeys(area, uid)) area.removeItem(key);
    } catch {
      // storage refused: nothing could have been written either
    }
  }
}

/** Forgets everything remembered for `uid` (its account was deleted). */
export function forgetUser(uid: string): void {
  for (const name of Object.keys(PER_USER_MEMORY) as MemoryName[]) remember(name, uid, null);
}
