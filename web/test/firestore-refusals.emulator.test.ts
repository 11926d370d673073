// @vitest-environment node
/**
 * A refused commit is marked `timed` (the app then checks the device clock) only when it changed a
 * time the rules check: the rules' timeOk accepts an unchanged value, so an edit that resends the
 * stored `timestamp` and is refused for another reason is not the clock's doing.
 */
import { paths } from '@fit/shared/model';
import type { LiveDocumentStore, StoreError } from '@fit/shared/store';
import { deleteApp, initializeApp } from 'firebase/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirestoreStore } from '../src/data/adapters/firestore.ts';
import { readConfig } from '../src/data/config.ts';

const host = process.env.FIRESTORE_EMULATOR_HOST;
const PROJECT = 'demo-fittrack-web-refusals';
const rep = paths.rep('ada', 'r1');
const stored = { activityType: 'Yoga', time: 20, calorieUnits: 7000, timestamp: 1_000, loggedAt: 1_000 };

async function loadRules(rules: string) {
  const response = await fetch(`http://${host}/emulator/v1/projects/${PROJECT}:securityRules`, {
    method: 'PUT',
    body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content: rules }] } }),
  });
  if (!response.ok) throw new Error(`loading rules: ${response.status} ${await response.text()}`);
}

const rulesThat = (write: boolean) =>
  `rules_version = '2';
service cloud.firestore { match /databases/{db}/documents { match /{doc=**} {
  allow read: if true; allow write: if ${write};
} } }`;

if (!host) {
  describe.skip('refused commits against the Firestore emulator: NOT RUN (FIRESTORE_EMULATOR_HOST is not set)', () => {
    it('runs where a Firestore emulator is reachable', () => {});
  });
} else {
  describe('a commit the rules refuse', () => {
    const app = initializeApp({ projectId: PROJECT, apiKey: 'fake-api-key' }, 'web-refusals-test');
    let store: LiveDocumentStore;
    const refusal = (writes: Parameters<LiveDocumentStore['commit']>[0]) =>
      store.commit(writes).then(
        () => {
          throw new Error('expected a refusal');
        },
        (error: StoreError) => error,
      );

    beforeAll(async () => {
      await loadRules(rulesThat(true));
      const config = readConfig({
        VITE_FIREBASE_API_KEY: 'fake-api-key',
        VITE_FIREBASE_PROJECT_ID: PROJECT,
        VITE_FIRESTORE_EMULATOR_HOST: host,
      });
      store = createFirestoreStore(app, config);
      await store.commit([{ kind: 'set', path: rep, data: stored }]);
      await loadRules(rulesThat(false));
    });

    afterAll(async () => {
      await deleteApp(app);
    });

    it('that resends the stored times unchanged is not marked timed', async () => {
      const error = await refusal([{ kind: 'update', path: rep, data: { ...stored, time: 25 } }]);
      expect(error).toMatchObject({ code: 'permission-denied', timed: false });
    });

    it('that changes a checked time, or creates a document with one, is marked timed', async () => {
      const moved = await refusal([{ kind: 'update', path: rep, data: { ...stored, timestamp: 2_000 } }]);
      expect(moved).toMatchObject({ code: 'permission-denied', timed: true });
      const created = await refusal([{ kind: 'set', path: paths.rep('ada', 'r2'), data: stored }]);
      expect(created).toMatchObject({ code: 'permission-denied', timed: true });
    });

    it('that carries no checked time is not marked timed', async () => {
      const goal = await refusal([
        { kind: 'set', path: paths.goal('ada'), data: { target: '40', type: 'reps' } },
      ]);
      expect(goal).toMatchObject({ code: 'permission-denied', timed: false });
    });
  });
}
