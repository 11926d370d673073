/**
 * Kudos counts over a real Firestore (the emulator), when FIRESTORE_EMULATOR_HOST is set: many
 * people give (and take back) kudos at once, each write's reaction runs concurrently with the
 * others, as Cloud Functions run them; no count is lost, because each reaction recounts in its
 * transaction instead of incrementing. A reaction the emulator aborts under contention is run
 * again, as the trigger's retry does.
 */
import { paths } from '@fit/shared/model';
import { reactEngagement, type SocialEvent, socialEventForPath } from '@fit/shared/reactions/index';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminStore } from '../src/admin-store.ts';
import { isTransient } from '../src/errors.ts';

const host = process.env.FIRESTORE_EMULATOR_HOST;
const PROJECT = 'demo-fittrack-engagement';
const GIVERS = Array.from({ length: 12 }, (_, i) => `giver${i}`);

async function clear() {
  await fetch(`http://${host}/emulator/v1/projects/${PROJECT}/databases/(default)/documents`, {
    method: 'DELETE',
  });
}

if (!host) {
  describe.skip('kudos counts against the Firestore emulator: NOT RUN (FIRESTORE_EMULATOR_HOST is not set)', () => {
    it('did not run', () => {});
  });
} else {
  describe('kudos counts against the Firestore emulator', () => {
    const app = initializeApp({ projectId: PROJECT }, 'engagement-emulator');
    const store = new AdminStore(getFirestore(app));
    beforeAll(clear);
    afterAll(async () => {
      await clear();
      await deleteApp(app);
    });

    /** The trigger: after the write is committed, its reaction, retried while transient. */
    async function deliver(path: string): Promise<void> {
      const event = socialEventForPath(path) as SocialEvent;
      for (let attempt = 0; ; attempt++) {
        try {
          await reactEngagement({ store, now: Date.now(), timeZone: 'UTC' }, event);
          return;
        } catch (error) {
          if (!isTransient(error) || attempt >= 10) throw error;
        }
      }
    }

    it('concurrent kudos and take-backs: the count is exact, one notification per giver', async () => {
      const t = Date.now();
      await store.commit([
        { kind: 'set', path: paths.user('ann'), data: { displayName: 'Ann' } },
        { kind: 'set', path: paths.post('ann', 'p1'), data: { message: 'Hello', timestamp: t } },
      ]);
      const kudosPath = (g: string) => paths.kudosOf('feedPosts', 'ann', 'p1', g);
      await Promise.all(
        GIVERS.map(async (g, i) => {
          await store.commit([
            {
              kind: 'set',
              path: kudosPath(g),
              data: { uid: g, owner: 'ann', userName: g, timestamp: t + i },
            },
          ]);
          await deliver(kudosPath(g));
        }),
      );
      const stats = async () => (await store.get(paths.engagement('feedPosts', 'ann', 'p1')))?.data;
      expect(await stats()).toMatchObject({ kudos: GIVERS.length, comments: 0 });
      const notes = await store.query({ collection: paths.notifications('ann'), limit: 100 });
      expect(notes.map((n) => n.data.from).sort()).toEqual([...GIVERS].sort());

      // Half take theirs back while the other half's deliveries come again (duplicates).
      const leaving = GIVERS.filter((_, i) => i % 2 === 0);
      await Promise.all([
        ...leaving.map(async (g) => {
          await store.commit([{ kind: 'delete', path: kudosPath(g) }]);
          await deliver(kudosPath(g));
        }),
        ...GIVERS.filter((g) => !leaving.includes(g)).map((g) => deliver(kudosPath(g))),
      ]);
      expect(await stats()).toMatchObject({ kudos: GIVERS.length - leaving.length });
      const left = await store.query({ collection: paths.notifications('ann'), limit: 100 });
      expect(left.length).toBe(GIVERS.length - leaving.length);
    }, 120_000);
  });
}
