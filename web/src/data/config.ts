/**
 * Where the app's data lives, from Vite environment variables. Every default is the local mode
 * (`npm start`): Firebase Auth through the Auth emulator and documents from the local server on the
 * same origin. Firebase mode reads its project settings from the same variables.
 */
import { DEMO_PROJECT_ID } from '@fit/shared/model';

export type BackendMode = 'local' | 'firebase';

export interface AppConfig {
  mode: BackendMode;
  firebase: {
    projectId: string;
    apiKey: string;
    authDomain: string;
    appId: string | undefined;
  };
  /** `host:port` of the Auth emulator; always set in local mode, optional in Firebase mode. */
  authEmulatorHost: string | undefined;
  /** Prefix of the local server's `/api` calls; '' means the page's own origin. */
  apiBase: string;
  /** Firebase mode against the full emulator suite: `host:port` of the Firestore / Functions emulators. */
  firestoreEmulatorHost: string | undefined;
  functionsEmulatorHost: string | undefined;
  /** Region of the `deleteAccount` callable (Firebase mode). */
  functionsRegion: string;
}

type Env = Partial<Record<string, string | boolean | undefined>>;

function text(env: Env, key: string): string | undefined {
  const value = env[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export function readConfig(env: Env): AppConfig {
  const backend = text(env, 'VITE_BACKEND') ?? 'local';
  if (backend !== 'local' && backend !== 'firebase') {
    throw new Error(`VITE_BACKEND must be 'local' or 'firebase', not '${backend}'`);
  }
  const projectId = text(env, 'VITE_FIREBASE_PROJECT_ID') ?? DEMO_PROJECT_ID;
  const local = backend === 'local';
  const apiKey = text(env, 'VITE_FIREBASE_API_KEY') ?? (local ? 'fake-api-key' : undefined);
  if (!apiKey) throw new Error('VITE_FIREBASE_API_KEY is required when VITE_BACKEND=firebase');
  return {
    mode: backend,
    firebase: {
      projectId,
      apiKey,
      authDomain: text(env, 'VITE_FIREBASE_AUTH_DOMAIN') ?? `${projectId}.firebaseapp.com`,
      appId: text(env, 'VITE_FIREBASE_APP_ID'),
    },
    authEmulatorHost: text(env, 'VITE_AUTH_EMULATOR_HOST') ?? (local ? '127.0.0.1:9099' : undefined),
    apiBase: (text(env, 'VITE_API_BASE') ?? '').replace(/\/$/, ''),
    firestoreEmulatorHost: text(env, 'VITE_FIRESTORE_EMULATOR_HOST'),
    functionsEmulatorHost: text(env, 'VITE_FUNCTIONS_EMULATOR_HOST'),
    functionsRegion: text(env, 'VITE_FUNCTIONS_REGION') ?? 'us-central1',
  };
}
