import { calorieUnits } from '../../src/formulas.ts';
import { eventForWrite, type ReactionEnv, type ReactionEvent } from '../../src/reactions/index.ts';
import type { DocData } from '../../src/store.ts';
import { MemoryStore } from '../../testing/memory-store.ts';

export const TZ = 'UTC';
/** Sunday 2026-11-22 12:00 UTC */
export const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);

export function rep(
  activityType: string,
  fields: { count?: number; time?: number; weightLifted?: number },
  timestamp: number,
): DocData {
  const doc: DocData = { activityType, timestamp, ...fields };
  doc.calorieUnits = calorieUnits(doc as { activityType: string; time?: number; weightLifted?: number });
  return doc;
}

export function profile(uid: string, extra: DocData = {}): DocData {
  return { userId: uid, email: `${uid}@example.com`, createdAt: 0, displayName: uid.toUpperCase(), ...extra };
}

/** A MemoryStore that records the reaction events its commits call for. */
export function harness() {
  const store = new MemoryStore();
  const events: ReactionEvent[] = [];
  store.onCommit((changes) => {
    for (const c of changes) {
      const e = eventForWrite(c.path, c.before, c.after);
      if (e) events.push(e);
    }
  });
  const env = (now: number, timeZone = TZ): ReactionEnv => ({ store, now, timeZone });
  return { store, events, env };
}
