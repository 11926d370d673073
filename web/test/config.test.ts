// @vitest-environment node
/** The Firebase settings the app reads from VITE_* variables (src/data/config.ts). */
import { describe, expect, it } from 'vitest';
import { readConfig } from '../src/data/config.ts';

describe('readConfig', () => {
  it('reads the project and the emulator hosts, as the emulator suite builds the app', () => {
    const config = readConfig({
      VITE_FIREBASE_PROJECT_ID: 'demo-fittrack',
      VITE_FIREBASE_API_KEY: 'fake-api-key',
      VITE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      VITE_FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
      VITE_FUNCTIONS_EMULATOR_HOST: ' 127.0.0.1:5001 ',
      VITE_BACKEND: 'firebase', // no longer read
    });
    expect(config).toEqual({
      firebase: {
        projectId: 'demo-fittrack',
        apiKey: 'fake-api-key',
        authDomain: 'demo-fittrack.firebaseapp.com',
        appId: undefined,
      },
      authEmulatorHost: '127.0.0.1:9099',
      firestoreEmulatorHost: '127.0.0.1:8080',
      functionsEmulatorHost: '127.0.0.1:5001',
      functionsRegion: 'us-central1',
    });
  });

  it('talks to the real services when no emulator host is given', () => {
    const config = readConfig({
      VITE_FIREBASE_PROJECT_ID: 'fittrack-prod',
      VITE_FIREBASE_API_KEY: 'key',
      VITE_FIREBASE_AUTH_DOMAIN: 'fit.example',
      VITE_FIREBASE_APP_ID: 'app',
      VITE_FUNCTIONS_REGION: 'europe-west1',
    });
    expect(config.authEmulatorHost).toBeUndefined();
    expect(config.firestoreEmulatorHost).toBeUndefined();
    expect(config.functionsEmulatorHost).toBeUndefined();
    expect(config.firebase).toEqual({
      projectId: 'fittrack-prod',
      apiKey: 'key',
      authDomain: 'fit.example',
      appId: 'app',
    });
    expect(config.functionsRegion).toBe('europe-west1');
  });

  it('refuses to start without an API key, saying which variable is missing', () => {
    expect(() => readConfig({ VITE_FIREBASE_PROJECT_ID: 'demo-fittrack' })).toThrow(/VITE_FIREBASE_API_KEY/);
    expect(() => readConfig({ VITE_FIREBASE_API_KEY: '  ' })).toThrow(/VITE_FIREBASE_API_KEY/);
  });
});
