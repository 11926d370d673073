/**
 * What the triggers run against: the store port, the clock, the community time zone and the auth
 * user deletion. Production wires firebase-admin lazily (on first use, not at import, so loading the
 * bundle needs no credentials); tests `provide` an in-memory store and a fixed clock.
 */
import { DEFAULT_COMMUNITY_TIME_ZONE } from '@fit/shared/model';
import { PROJECTION_MIN_GAP_MS, type ReactionEnv } from '@fit/shared/reactions/index';
import type { ReactionStore } from '@fit/shared/store';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/v2';
import { AdminStore } from './admin-store.ts';

export interface Runtime {
  store(): ReactionStore;
  now(): number;
  timeZone: string;
  /** Waits (a paced reaction waiting out a document's write gap). */
  sleep(ms: number): Promise<void>;
  /** The least time between two writes of one projection document (pacing.ts; 0: unpaced). */
  minGapMs: number;
  /**
   * Runs of a reaction that fails transiently before the error goes to the platform: deployed,
   * Cloud Functions retries the event (`retry: true`); the Functions emulator never does.
   */
  attempts: number;
  /** Deletes the auth user; resolves when it is already gone. */
  deleteAuthUser(uid: string): Promise<void>;
  log: {
    info(msg: string, data?: object): void;
    warn(msg: string, data?: object): void;
    error(msg: string, data?: object): void;
  };
}

/** Deploy-time settings, from functions/.env (read at discovery and at run time alike). */
export const settings = {
  region: process.env.FIT_REGION || 'us-central1',
  timeZone: process.env.COMMUNITY_TIME_ZONE || DEFAULT_COMMUNITY_TIME_ZONE,
  memory: '256MiB' as const,
  maxInstances: Number(process.env.FIT_MAX_INSTANCES || 10),
};

function productionRuntime(): Runtime {
  let store: ReactionStore | undefined;
  const app = () => getApps()[0] ?? initializeApp();
  return {
    store: () => {
      store ??= new AdminStore(getFirestore(app()));
      return store;
    },
    now: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    minGapMs: PROJECTION_MIN_GAP_MS,
    attempts: process.env.FUNCTIONS_EMULATOR === 'true' ? 5 : 1,
    timeZone: settings.timeZone,
    deleteAuthUser: async (uid) => {
      try {
        await getAuth(app()).deleteUser(uid);
      } catch (error) {
        if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
      }
    },
    log: logger,
  };
}

let current: Runtime | undefined;

export function runtime(): Runtime {
  current ??= productionRuntime();
  return current;
}

/** Tests: replace (part of) the runtime. */
export function provide(overrides: Partial<Runtime>): void {
  current = { ...runtime(), ...overrides };
}

export function reactionEnv(): ReactionEnv {
  const r = runtime();
  return { store: r.store(), now: r.now(), timeZone: r.timeZone };
}
