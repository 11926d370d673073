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

const HOST_PORT = /^[\w.-]+:\d{1,5}$/;

/**
 * An emulator build made with VITE_EMULATOR_HOSTS=page reads the emulators' `host:port` from its
 * page, which each stack writes at start: one build then serves any ports (scripts/emulator-suite.mjs).
 */
export function emulatorHostsOf(doc: Pick<Document, 'querySelector'>): Env {
  const meta = doc.querySelector<HTMLElement>('meta[name="fittrack-emulators"]');
  const hosts: Env = {};
  for (const [key, name] of [
    ['auth', 'VITE_AUTH_EMULATOR_HOST'],
    ['firestore', 'VITE_FIRESTORE_EMULATOR_HOST'],
    ['functions', 'VITE_FUNCTIONS_EMULATOR_HOST'],
  ] as const) {
    const value = meta?.dataset[key];
    if (value && HOST_PORT.test(value)) hosts[name] = value;
  }
  return hosts;
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
