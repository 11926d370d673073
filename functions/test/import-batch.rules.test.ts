/**
 * An import part as Firebase mode writes it: one batch of 500 writes (Firestore's limit) built by
 * shared `importBatches`, against firestore.rules in the Firestore emulator. Each write's rule
 * evaluates the catalogue map and an exists() on the tombstone, so this holds the batch to the
 * rules' per-request limits (expressions, document access calls), not only each write alone.
 * Like the access contract, it runs only when a Firestore emulator is reachable.
 */
import { readFileSync } from 'node:fs';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { readImportFile } from '@fit/shared/archive';
import { importBatches, planImport } from '@fit/shared/import-plan';
import {
  collection,
  doc,
  type Firestore,
  getCountFromServer,
  setLogLevel,
  writeBatch,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const host = process.env.FIRESTORE_EMULATOR_HOST;
const rules = readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8');
setLogLevel('silent');

const DAY = 86_400_000;

function csv(rows: number, now: number): string {
  const lines = ['Date,Activity,Reps,Minutes,Weight lifted'];
  for (let i = 0; i < rows; i++) {
    const day = new Date(now - (1 + (i % 300)) * DAY).toISOString().slice(0, 10);
    lines.push(
      `${day} ${String(i % 24).padStart(2, '0')}:${String(i % 60).padStart(2, '0')},Bench Press,${1 + (i % 300)},5,135`,
    );
  }
  return lines.join('\n');
}

if (!host) {
  describe.skip('an import batch vs firestore.rules: NOT RUN (no Firestore emulator)', () => {
    it('did not run', () => {});
  });
} else {
  describe('an import batch vs firestore.rules (Firestore emulator)', () => {
    let env: RulesTestEnvironment;
    const [emulatorHost, emulatorPort] = host.split(':');
    beforeAll(async () => {
      env = await initializeTestEnvironment({
        projectId: 'demo-fittrack-import',
        firestore: { rules, host: emulatorHost ?? '127.0.0.1', port: Number(emulatorPort ?? 8080) },
      });
    }, 120_000);
    afterAll(async () => {
      await env?.cleanup();
    });

    function batchOf(uid: string, rows: number, now: number) {
      const read = readImportFile(csv(rows, now), { uid, now, timeZone: 'UTC' });
      if (!read.ok) throw new Error(read.message);
      const plan = planImport(
        read.source,
        { activities: [], weights: [], posts: [], profile: null, goal: null, preferences: null },
        { uid, email: `${uid}@example.com`, now, timeZone: 'UTC' },
      );
      const [part] = importBatches(plan, Date.now());
      if (!part) throw new Error('no part');
      return part;
    }

    async function commit(uid: string, writes: ReturnType<typeof batchOf>) {
      const db = env.authenticatedContext(uid, { email_verified: true }).firestore() as unknown as Firestore;
      const batch = writeBatch(db);
      for (const w of writes) if (w.kind === 'set') batch.set(doc(db, w.path), w.data);
      return batch.commit();
    }

    it('accepts 500 imported activities with past dates in one batch', async () => {
      const writes = batchOf('ivy', 500, Date.now());
      expect(writes).toHaveLength(500);
      await assertSucceeds(commit('ivy', writes));
      const db = env
        .authenticatedContext('ivy', { email_verified: true })
        .firestore() as unknown as Firestore;
      expect((await getCountFromServer(collection(db, 'users/ivy/reps'))).data().count).toBe(500);
    }, 120_000);

    it('refuses the whole batch when one write is bad: nothing of it is written', async () => {
      const writes = batchOf('jay', 50, Date.now());
      const [first, ...rest] = writes;
      if (first?.kind !== 'set') throw new Error('no first write');
      const broken = { ...first, data: { ...first.data, calorieUnits: 1 } };
      await assertFails(commit('jay', [...rest, broken]));
      const db = env
        .authenticatedContext('jay', { email_verified: true })
        .firestore() as unknown as Firestore;
      expect((await getCountFromServer(collection(db, 'users/jay/reps'))).data().count).toBe(0);
    }, 120_000);
  });
}
