/**
 * What this browser remembers about a person, only to spare them a flash or a repeated question.
 * `keepOnlyMemoryOf` runs on every change of session, so the next person at a shared computer
 * inherits nothing. Per device, not listed: the Appearance choice and RouteError's reload guard.
 */
type Area = 'local' | 'session';

export const PER_USER_MEMORY = {
  /** The profile's unit system, shown while the profile loads so figures do not flip. */
  units: { prefix: 'fittrack-units:', area: 'local' },
  /** The Log Activity form's last field set: its placeholder has the form's height. */
  logFields: { prefix: 'fittrack:log-fields:', area: 'local' },
  /** Who was last signed in (no data): a signed-in page draws its frame at once on the next visit. */
  signedIn: { prefix: 'fittrack:signed-in:', area: 'local' },
  /** The daily-goal popup was dismissed: once per browser session while no goal is set. */
  goalPromptDismissed: { prefix: 'fittrack:goal-prompt-dismissed:', area: 'session' },
} as const satisfies Record<string, { prefix: string; area: Area }>;

type MemoryName = keyof typeof PER_USER_MEMORY;

export function memoryKey(name: MemoryName, uid: string): string {
  return PER_USER_MEMORY[name].prefix + uid;
}

/** Every storage call may throw when the browser refuses storage: it is only a hint, so no error. */
function tryStorage<T>(area: Area, use: (storage: Storage) => T): T | undefined {
  try {
    return use(area === 'local' ? globalThis.localStorage : globalThis.sessionStorage);
  } catch {
    return undefined;
  }
}

export function recall(name: MemoryName, uid: string): string | null {
  return tryStorage(PER_USER_MEMORY[name].area, (s) => s.getItem(memoryKey(name, uid))) ?? null;
}

/** The one person `name` is remembered for (a browser has one session at a time), or null. */
export function recallAnyone(name: MemoryName): { uid: string; value: string } | null {
  const { prefix, area } = PER_USER_MEMORY[name];
  const key = tryStorage(area, (s) => Object.keys(s).find((k) => k.startsWith(prefix) && k !== prefix));
  const value = key === undefined ? null : tryStorage(area, (s) => s.getItem(key));
  return key !== undefined && typeof value === 'string' ? { uid: key.slice(prefix.length), value } : null;
}

/** Who is signed in as SessionProvider last said: a closing screen's late effect writes nothing. */
let sessionUid: string | null | undefined;

/** Remembers `value` (null: forgets it). */
export function remember(name: MemoryName, uid: string, value: string | null): void {
  if (value !== null && sessionUid !== undefined && sessionUid !== uid) return;
  tryStorage(PER_USER_MEMORY[name].area, (s) =>
    value === null ? s.removeItem(memoryKey(name, uid)) : s.setItem(memoryKey(name, uid), value),
  );
}

/** Keeps only what belongs to `uid`, the person signed in now; null (nobody) forgets everyone. */
export function keepOnlyMemoryOf(uid: string | null): void {
  sessionUid = uid;
  const entries = Object.values(PER_USER_MEMORY);
  for (const area of ['local', 'session'] as const)
    tryStorage(area, (s) => {
      for (const key of Object.keys(s)) {
        const entry = entries.find((e) => key.startsWith(e.prefix));
        if (entry && (uid === null || key !== entry.prefix + uid)) s.removeItem(key);
      }
    });
}

/** Forgets everything remembered for `uid` (its account was deleted). */
export function forgetUser(uid: string): void {
  for (const name of Object.keys(PER_USER_MEMORY) as MemoryName[]) remember(name, uid, null);
}
