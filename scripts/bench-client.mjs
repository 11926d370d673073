// The bench's clients of a running suite: a signed-in Firebase web SDK in Node (rules apply), and
// the reads the web app makes on /community and /user, issued by web/src/data's own functions over
// a store that counts what the server sends. Used by bench.mjs.
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import {
  collection,
  collectionGroup,
  connectFirestoreEmulator,
  count,
  doc,
  getAggregateFromServer,
  getDocFromServer,
  getDocsFromServer,
  initializeFirestore,
  limit,
  memoryLocalCache,
  onSnapshot,
  orderBy,
  query,
  startAfter,
  sum,
  where,
} from 'firebase/firestore';
import { register } from 'tsx/esm/api';
import { PROJECT_ID } from './bench-seed.mjs';

// The web app's read functions are TypeScript: loaded through tsx, as the scripts' .ts files are.
register();
const web = {
  community: await import('../web/src/data/community.ts'),
  activities: await import('../web/src/data/activities.ts'),
  weights: await import('../web/src/data/weights.ts'),
  profile: await import('../web/src/data/profile.ts'),
  goal: await import('../web/src/data/goal.ts'),
  preferences: await import('../web/src/data/preferences.ts'),
  progress: await import('../web/src/data/progress.ts'),
  social: await import('../web/src/data/social.ts'),
  periods: await import('@fit/shared/periods'),
};

/** A signed-in web SDK client (memory cache: every read below goes to the server). */
export async function signIn(hosts, account) {
  const app = initializeApp({ apiKey: 'fake-api-key', projectId: PROJECT_ID }, `bench-${account.email}`);
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://${hosts.auth}`, { disableWarnings: true });
  await signInWithEmailAndPassword(auth, account.email, account.password);
  const db = initializeFirestore(app, { localCache: memoryLocalCache() });
  const [host, port] = hosts.firestore.split(':');
  connectFirestoreEmulator(db, host, Number(port));
  return { db, uid: auth.currentUser.uid, close: () => deleteApp(app) };
}

/** A QuerySpec (shared/src/store.ts) as an SDK query. */
export function sdkQuery(db, spec) {
  const constraints = [
    ...(spec.where ?? []).map((f) => where(f.field, f.op, f.value)),
    ...(spec.orderBy ?? []).map((o) => orderBy(o.field, o.direction)),
    ...(spec.startAfter ? [startAfter(...spec.startAfter.values)] : []),
    ...(spec.limit ? [limit(spec.limit)] : []),
  ];
  const source = spec.group ? collectionGroup(db, spec.collection) : collection(db, spec.collection);
  return query(source, ...constraints);
}

const toDoc = (s) => ({ path: s.ref.path, id: s.id, data: s.data() });

/**
 * The LiveDocumentStore port over the SDK, counting the documents each read returns from the
 * server (a listener's first server snapshot; later ones are changes, not the load), the
 * listeners, and the aggregate queries with what Firestore bills them: one read per 1,000 index
 * entries matched, at least one.
 */
export function countingStore(db) {
  const counts = { docs: 0, listens: 0, oneShot: 0, aggregates: 0, aggregateReads: 0 };
  const store = {
    counts,
    async get(path) {
      counts.oneShot++;
      const s = await getDocFromServer(doc(db, path));
      counts.docs += s.exists() ? 1 : 0;
      return s.exists() ? toDoc(s) : null;
    },
    async query(spec) {
      counts.oneShot++;
      const s = await getDocsFromServer(sdkQuery(db, spec));
      counts.docs += s.size;
      return s.docs.map(toDoc);
    },
    async aggregate(spec, aggregate) {
      counts.aggregates++;
      const fields = { matched: count() };
      for (const f of aggregate.sum ?? []) fields[`sum_${f}`] = sum(f);
      const data = (await getAggregateFromServer(sdkQuery(db, spec), fields)).data();
      counts.aggregateReads += Math.max(1, Math.ceil(data.matched / 1000));
      const sums = Object.fromEntries((aggregate.sum ?? []).map((f) => [f, data[`sum_${f}`] ?? 0]));
      return { count: data.matched, sum: sums };
    },
    listen(spec, onNext, onError) {
      counts.listens++;
      let first = true;
      return onSnapshot(
        sdkQuery(db, spec),
        { includeMetadataChanges: true },
        (s) => {
          if (s.metadata.fromCache) return;
          if (first) counts.docs += s.size;
          first = false;
          onNext(s.docs.map(toDoc));
        },
        onError,
      );
    },
    listenDoc(path, onNext, onError) {
      counts.listens++;
      let first = true;
      return onSnapshot(
        doc(db, path),
        { includeMetadataChanges: true },
        (s) => {
          if (s.metadata.fromCache) return;
          if (first) counts.docs += s.exists() ? 1 : 0;
          first = false;
          onNext(s.exists() ? toDoc(s) : null);
        },
        onError,
      );
    },
    async commit() {
      throw new Error('the bench reads only');
    },
  };
  return store;
}

/** Resolves with a Listen's first value (the server's), then stops it. */
function firstOf(listen) {
  return new Promise((resolve, reject) => {
    let stop = null;
    let done = false;
    stop = listen((value) => {
      if (done) return;
      done = true;
      queueMicrotask(() => stop?.());
      resolve(value);
    }, reject);
    if (done) stop();
  });
}

/**
 * /community: the two feeds and the three boards (web/src/data/community.ts), then the
 * kudos and comment counts of the items shown and the viewer's own kudos on them (features/community).
 */
export async function communityLoad(client) {
  const store = countingStore(client.db);
  const c = web.community;
  const [posts, activities] = await Promise.all([
    firstOf(c.watchFeedPosts(store)),
    firstOf(c.watchFeedActivities(store)),
    firstOf(c.watchBoards(store)),
  ]);
  await Promise.all([
    firstOf(
      web.social.watchEngagement(
        store,
        'feedPosts',
        posts.map((p) => `${p.uid}_${p.postId}`),
      ),
    ),
    firstOf(
      web.social.watchEngagement(
        store,
        'feedActivities',
        activities.map((a) => `${a.uid}_${a.repId}`),
      ),
    ),
    ...[
      posts.map((p) => ({ feed: 'feedPosts', owner: p.uid, id: p.postId })),
      activities.map((a) => ({ feed: 'feedActivities', owner: a.uid, id: a.repId })),
    ].map((shown) =>
      firstOf(
        web.social.watchMyKudos(
          store,
          client.uid,
          shown.filter((t) => t.owner !== client.uid).map((t) => web.social.kudosKey(t, client.uid)),
        ),
      ),
    ),
  ]);
  return store.counts;
}

/**
 * /user: the dashboard's reads (DashboardPage: profile, goal, activity selection, the latest 5
 * activities, the weight history) and the progress document, which also holds the day/week/month sums.
 */
export async function dashboardLoad(client) {
  const store = countingStore(client.db);
  const { uid } = client;
  await Promise.all([
    firstOf(web.profile.watchProfile(store, uid)),
    firstOf(web.goal.watchGoal(store, uid)),
    web.preferences.readActivityPreferences(store, uid),
    firstOf(web.activities.watchRecentActivities(store, uid)),
    firstOf(web.weights.watchWeightHistory(store, uid)),
    firstOf(web.progress.watchProgress(store, uid)),
  ]);
  return store.counts;
}

/** Today's daily board key, in the community's zone (the functions' COMMUNITY_TIME_ZONE, else UTC). */
export function dailyKey(timeZone = process.env.COMMUNITY_TIME_ZONE || 'UTC') {
  return web.periods.currentWindows(Date.now(), timeZone).daily.key;
}
