/**
 * The real Firestore adapter for tests in node: a store per named Firebase app, pointed at an
 * emulator address (or at a port where nothing listens), and the apps deleted after the file.
 */
import { createServer } from 'node:net';
import { deleteApp, type FirebaseApp, initializeApp } from 'firebase/app';
import { afterAll } from 'vitest';
import { createFirestoreStore, type FirestoreStore } from '../src/data/adapters/firestore.ts';
import { readConfig } from '../src/data/config.ts';

/** `storeAt(host, name)` for `project`; every app it made is deleted after the calling file. */
export function firestoreStores(project: string): (emulatorHost: string, name: string) => FirestoreStore {
  const apps: FirebaseApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => deleteApp(app)));
  });
  return (emulatorHost, name) => {
    const app = initializeApp({ projectId: project, apiKey: 'fake-api-key' }, name);
    apps.push(app);
    const config = readConfig({
      VITE_FIREBASE_API_KEY: 'fake-api-key',
      VITE_FIREBASE_PROJECT_ID: project,
      VITE_FIRESTORE_EMULATOR_HOST: emulatorHost,
    });
    return createFirestoreStore(app, config);
  };
}

/** A port nothing listens on (taken, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
