/** The Firebase project and, on one machine, each emulator's `host:port`, from Vite's environment. */
import { DEMO_PROJECT_ID } from '@fit/shared/model';

export interface AppConfig {
  firebase: {
    projectId: string;
    apiKey: string;
    authDomain: string;
    appId: string | undefined;
  };
  /** `host:port` of the Auth / Firestore / Functions emulators; unset: the real services. */
  authEmulatorHost: string | undefined;
  firestoreEmulatorHost: string | undefined;
  functionsEmulatorHost: string | undefined;
  functionsRegion: string;
}

type Env = Partial<Record<string, string | boolean | undefined>>;

function text(env: Env, key: string): string | undefined {
  const value = env[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export function readConfig(env: Env): AppConfig {
  const projectId = text(env, 'VITE_FIREBASE_PROJECT_ID') ?? DEMO_PROJECT_ID;
  const apiKey = text(env, 'VITE_FIREBASE_API_KEY');
  if (!apiKey) {
    throw new Error(
      'VITE_FIREBASE_API_KEY is required (any value, e.g. fake-api-key, against the emulators)',
    );
  }
  return {
    firebase: {
      projectId,
      apiKey,
      authDomain: text(env, 'VITE_FIREBASE_AUTH_DOMAIN') ?? `${projectId}.firebaseapp.com`,
      appId: text(env, 'VITE_FIREBASE_APP_ID'),
    },
    authEmulatorHost: text(env, 'VITE_AUTH_EMULATOR_HOST'),
    firestoreEmulatorHost: text(env, 'VITE_FIRESTORE_EMULATOR_HOST'),
    functionsEmulatorHost: text(env, 'VITE_FUNCTIONS_EMULATOR_HOST'),
    functionsRegion: text(env, 'VITE_FUNCTIONS_REGION') ?? 'us-central1',
  };
}
