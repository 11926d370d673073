/**
 * Run by the emulator suite before the triggers are registered: seeds the demo on first run
 * (SEED_DEMO=0: never), and after an import rebuilds every projection from the stored documents,
 * since trigger deliveries in flight when the last run stopped (a crash) are not redone.
 *
 *   FIRESTORE_EMULATOR_HOST=… FIREBASE_AUTH_EMULATOR_HOST=… GCLOUD_PROJECT=demo-… \
 *     node --import tsx scripts/prepare-data.ts [--rebuild]
 */
import { randomBytes } from 'node:crypto';
import { paths } from '@fit/shared/model';
import { rebuildProjections, rollupBoards } from '@fit/shared/reactions/index';
import { type App, deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { AdminStore } from '../functions/src/admin-store.ts';
import { DEMO_ACCOUNT, demoDocuments, MEMBERS } from './demo-data.ts';

/** An account for every member (only the demo's password is known), verified. */
async function ensureAccounts(app: App): Promise<void> {
  for (const member of MEMBERS) {
    const demo = member.uid === DEMO_ACCOUNT.uid;
    try {
      await getAuth(app).createUser({
        uid: member.uid,
        email: demo ? DEMO_ACCOUNT.email : `${member.uid}@fittrack.local`,
        password: demo ? DEMO_ACCOUNT.password : randomBytes(18).toString('base64url'),
        emailVerified: true,
        displayName: member.profile.displayName,
      });
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== 'auth/uid-already-exists' && code !== 'auth/email-already-exists') throw error;
    }
  }
}

async function main(): Promise<void> {
  const projectId = process.env.GCLOUD_PROJECT ?? '';
  if (
    !projectId.startsWith('demo-') ||
    !process.env.FIRESTORE_EMULATOR_HOST ||
    !process.env.FIREBASE_AUTH_EMULATOR_HOST
  ) {
    console.error(
      'prepare-data: needs a demo- GCLOUD_PROJECT and both emulator hosts; it never touches a real project.',
    );
    process.exit(2);
  }
  const app = initializeApp({ projectId }, 'fittrack-prepare-data');
  try {
    const db = getFirestore(app);
    const now = Date.now();
    let rebuild = process.argv.includes('--rebuild');
    if (process.env.SEED_DEMO !== '0') {
      await ensureAccounts(app);
      if (!(await db.doc(paths.user(DEMO_ACCOUNT.uid)).get()).exists) {
        const docs = Object.entries(demoDocuments(now));
        for (let i = 0; i < docs.length; i += 400) {
          const batch = db.batch();
          for (const [path, data] of docs.slice(i, i + 400)) batch.set(db.doc(path), data);
          await batch.commit();
        }
        console.log(`Demo seeded: ${docs.length} documents.`);
        rebuild = true;
      }
    }
    if (!rebuild) return;
    const env = { store: new AdminStore(db), now, timeZone: process.env.COMMUNITY_TIME_ZONE || 'UTC' };
    const { written } = await rebuildProjections(env, { apply: true });
    await rollupBoards(env);
    console.log(`Projections rebuilt from the stored documents (${written} written).`);
  } finally {
    await deleteApp(app);
  }
}

await main();
