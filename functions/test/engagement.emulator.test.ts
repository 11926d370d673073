/**
 * Kudos counts over a real Firestore (the emulator), when FIRESTORE_EMULATOR_HOST is set: many
 * people give (and take back) kudos at once, each write's reaction runs concurrently with the
 * others, as Cloud Functions run them; no count is lost, because each reaction recounts in its
 * transaction instead of incrementing. A reaction the emulator aborts under contention is run
 * again, as the trigger's retry does. Deleting the item, while kudos and comments still arrive,
 * keeps what it had through the grace period (Undo), then the rollup's sweep leaves none of them,
 * nor its counts or notifications.
 */
import { paths } from '@fit/shared/model';
import {
  eventForWrite,
  ITEM_DELETION_GRACE_MS,
  reactEngagement,
  reactUser,
  type SocialEvent,
  socialEventForPath,
  sweepDeletedItems,
} from '@fit/shared/reactions/index';
import type { DocData } from '@fit/shared/store';
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

    /** Runs a reaction as a trigger does: retried while the failure is transient. */
    async function retried(run: () => Promise<unknown>): Promise<void> {
      for (let attempt = 0; ; attempt++) {
        try {
          await run();
          return;
        } catch (error) {
          if (!isTransient(error) || attempt >= 10) throw error;
        }
      }
    }

    /** The trigger: after the write is committed, its reaction, retried while transient. */
    async function deliver(path: string): Promise<void> {
      const event = socialEventForPath(path) as SocialEvent;
      await retried(() => reactEngagement({ store, now: Date.now(), timeZone: 'UTC' }, event));
    }

    /** A source document's trigger (reps, posts): the source reaction of its write. */
    async function deliverSource(path: string, before: DocData | null): Promise<void> {
      const event = eventForWrite(path, before, null);
      if (!event) throw new Error(`no reaction for ${path}`);
      await retried(() => reactUser({ store, now: Date.now(), timeZone: 'UTC' }, event.uid, [event]));
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

    it('deleting the item while kudos and comments arrive leaves none of its social data', async () => {
      const t = Date.now();
      const post = { message: 'Hello', timestamp: t };
      await store.commit([
        { kind: 'set', path: paths.user('dee'), data: { displayName: 'Dee' } },
        { kind: 'set', path: paths.post('dee', 'gone'), data: post },
        { kind: 'set', path: paths.post('dee', 'kept'), data: post },
      ]);
      const giveTo = async (id: string, g: string, i: number) => {
        const kudos = paths.kudosOf('feedPosts', 'dee', id, g);
        const comment = paths.comment('feedPosts', 'dee', id, `c-${g}`);
        const data = { uid: g, owner: 'dee', userName: g, timestamp: t + i };
        await store.commit([
          { kind: 'set', path: kudos, data },
          { kind: 'set', path: comment, data: { ...data, message: `From ${g}` } },
        ]);
        await Promise.all([deliver(kudos), deliver(comment)]);
      };
      const [first, late] = [GIVERS.slice(0, 6), GIVERS.slice(6)];
      await Promise.all([...first.map((g, i) => giveTo('gone', g, i)), giveTo('kept', 'giver0', 0)]);
      expect((await store.get(paths.engagement('feedPosts', 'dee', 'gone')))?.data).toMatchObject({
        kudos: first.length,
        comments: first.length,
      });
      const keptBefore = await aboutItem('kept');

      // The delete and its reaction race the other half's kudos and comments (written past the
      // rules here, as they are while the feed item is still there) and their reactions.
      await Promise.all([
        (async () => {
          await store.commit([{ kind: 'delete', path: paths.post('dee', 'gone') }]);
          await deliverSource(paths.post('dee', 'gone'), post);
        })(),
        ...late.map((g, i) => giveTo('gone', g, first.length + i)),
      ]);

      // Within the grace period the first half's kudos and comments stay (an Undo keeps them).
      const pending = await aboutItem('gone');
      for (const g of first) {
        expect(pending.kudos).toContain(paths.kudosOf('feedPosts', 'dee', 'gone', g));
        expect(pending.comments).toContain(paths.comment('feedPosts', 'dee', 'gone', `c-${g}`));
      }
      expect(pending.engagement).toBeGreaterThanOrEqual(first.length);
      const sweep = (now: number) => retried(() => sweepDeletedItems({ store, now, timeZone: 'UTC' }));
      await sweep(Date.now());
      expect(await aboutItem('gone')).toEqual(pending);
      await sweep(Date.now() + ITEM_DELETION_GRACE_MS + 1000);

      expect(await aboutItem('gone')).toEqual({
        kudos: [],
        comments: [],
        notifications: [],
        engagement: null,
      });
      expect(await aboutItem('kept')).toEqual(keptBefore);
      expect(keptBefore.notifications).toHaveLength(2);
      expect(await store.query({ collection: paths.itemDeletions, limit: 10 })).toEqual([]);
    }, 120_000);

    it("a hider's activity counts go, and come back recounted from the kudos and comments", async () => {
      const t = Date.now();
      const rep = { activityType: 'Yoga', time: 10, calorieUnits: 2800, timestamp: t };
      const profileEvent = () =>
        retried(() =>
          reactUser({ store, now: Date.now(), timeZone: 'UTC' }, 'eve', [
            { kind: 'profile', uid: 'eve', changed: ['hideExerciseInfo'] },
          ]),
        );
      await store.commit([
        { kind: 'set', path: paths.user('eve'), data: { displayName: 'Eve' } },
        { kind: 'set', path: paths.rep('eve', 'r1'), data: rep },
        { kind: 'set', path: paths.rep('eve', 'r2'), data: { ...rep, timestamp: t + 1 } },
        { kind: 'set', path: paths.post('eve', 'p1'), data: { message: 'Hello', timestamp: t } },
      ]);
      const kudos = (id: string, g: string) =>
        id === 'p1'
          ? paths.kudosOf('feedPosts', 'eve', id, g)
          : paths.kudosOf('feedActivities', 'eve', id, g);
      const given = ['r1', 'r2', 'p1'].flatMap((id) => GIVERS.slice(0, 3).map((g) => kudos(id, g)));
      const comment = paths.comment('feedActivities', 'eve', 'r2', 'c1');
      await store.commit([
        ...given.map((path, i) => ({
          kind: 'set' as const,
          path,
          data: { uid: path.split('/').pop(), owner: 'eve', userName: 'G', timestamp: t + i },
        })),
        {
          kind: 'set',
          path: comment,
          data: { uid: 'giver0', owner: 'eve', userName: 'G', message: 'Hi', timestamp: t },
        },
      ]);
      await Promise.all([...given, comment].map(deliver));
      const counts = async (feed: 'feedPosts' | 'feedActivities', id: string) =>
        (await store.get(paths.engagement(feed, 'eve', id)))?.data ?? null;
      expect(await counts('feedActivities', 'r2')).toMatchObject({ kudos: 3, comments: 1 });

      // Hidden: a take-back races the hide's reaction; neither brings the counts back into view.
      await store.commit([{ kind: 'update', path: paths.user('eve'), data: { hideExerciseInfo: true } }]);
      await Promise.all([
        profileEvent(),
        (async () => {
          await store.commit([{ kind: 'delete', path: kudos('r1', 'giver0') }]);
          await deliver(kudos('r1', 'giver0'));
        })(),
      ]);
      expect(await counts('feedActivities', 'r1')).toBeNull();
      expect(await counts('feedActivities', 'r2')).toBeNull();
      expect(await counts('feedPosts', 'p1')).toMatchObject({ kudos: 3 });

      await store.commit([{ kind: 'update', path: paths.user('eve'), data: { hideExerciseInfo: false } }]);
      await profileEvent();
      expect(await counts('feedActivities', 'r1')).toMatchObject({ kudos: 2, comments: 0 });
      expect(await counts('feedActivities', 'r2')).toMatchObject({ kudos: 3, comments: 1 });
    }, 120_000);

    /** What the store holds about dee's post `id`: its kudos, comments, notifications, counts. */
    async function aboutItem(id: string) {
      const paged = async (collection: string) =>
        (await store.query({ collection, limit: 500 })).map((d) => d.path).sort();
      const notes = await store.query({
        collection: paths.notifications('dee'),
        where: [{ field: 'itemId', op: '==', value: `dee_${id}` }],
        limit: 500,
      });
      return {
        kudos: await paged(paths.kudos('feedPosts', 'dee', id)),
        comments: await paged(paths.comments('feedPosts', 'dee', id)),
        notifications: notes.map((n) => n.path).sort(),
        engagement: (await store.get(paths.engagement('feedPosts', 'dee', id)))?.data.kudos ?? null,
      };
    }
  });
}
