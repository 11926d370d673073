/**
 * The demo of `npm start` (local/src/demo-seed.ts: the same documents, the same account) seeded into
 * the Firestore and Auth emulators with firebase-admin, for `npm run emulators`. Projections (feeds,
 * boards) come from the shared reactions over the functions' own store adapter, as the seed of
 * local mode computes them; it runs before the triggers are registered. Never overwrites: skipped
 * when the demo profile exists.
 *
 *   FIRESTORE_EMULATOR_HOST=… FIREBASE_AUTH_EMULATOR_HOST=… GCLOUD_PROJECT=demo-… \
 *     node --import tsx scripts/emulator-seed.ts
 */
import { paths } from '@fit/shared/model';
import { rebuildProjections, rollupBoards } from '@fit/shared/reactions/index';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { AdminStore } from '../functions/src/admin-store.ts';
import { DEMO_ACCOUNT, demoDocuments } from '../local/src/demo-seed.ts';

const projectId = process.env.GCLOUD_PROJECT ?? '';
if (
  !projectId.startsWith('demo-') ||
  !process.env.FIRESTORE_EMULATOR_HOST ||
  !process.env.FIREBASE_AUTH_EMULATOR_HOST
) {
  console.error(
    'emulator-seed: needs a demo- GCLOUD_PROJECT and both emulator hosts; it never touches a real project.',
  );
  process.exit(2);
}

const app = initializeApp({ projectId }, 'fittrack-emulator-seed');
try {
  try {
    await getAuth(app).createUser({
      uid: DEMO_ACCOUNT.uid,
      email: DEMO_ACCOUNT.email,
      password: DEMO_ACCOUNT.password,
      emailVerified: true,
      displayName: 'Alex Demo',
    });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== 'auth/uid-already-exists' && code !== 'auth/email-already-exists') throw error;
  }
  const db = getFirestore(app);
  if ((await db.doc(paths.user(DEMO_ACCOUNT.uid)).get()).exists) {
    console.log('Demo already present.');
  } else {
    const now = Date.now();
    const docs = Object.entries(demoDocuments(now));
    for (let i = 0; i < docs.length; i += 400) {
      const batch = db.batch();
      for (const [path, data] of docs.slice(i, i + 400)) batch.set(db.doc(path), data);
      await batch.commit();
    }
    const env = { store: new AdminStore(db), now, timeZone: process.env.COMMUNITY_TIME_ZONE || 'UTC' };
    await rebuildProjections(env, { apply: true });
    await rollupBoards(env);
    console.log(`Demo seeded: ${docs.length} documents, their feeds and boards.`);
  }
} finally {
  await deleteApp(app);
}
