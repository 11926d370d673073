/** Renders dashboard screens over a MemoryStore with a signed-in user, a fixed clock and no transitions. */
import { calorieUnits } from '@fit/shared/formulas';
import { type ActivityRecord, type DailyGoal, paths, type UserProfile } from '@fit/shared/model';
import { browserTimeZone } from '@fit/shared/periods';
import { reactUser } from '@fit/shared/reactions/index';
import type {
  DocData,
  DocSnapshot,
  QuerySpec,
  StoreError as StoreErrorType,
  Unsubscribe,
  WriteOp,
} from '@fit/shared/store';
import { StoreError } from '@fit/shared/store';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { themeOptions } from '../src/app/theme/index.ts';
import { createQueryClient } from '../src/data/connection.ts';
import { SessionUserContext, StoreContext } from '../src/data/context.tsx';
import { UnitsProvider } from '../src/data/units.ts';
import { DashboardPage } from '../src/features/dashboard/DashboardPage.tsx';

export const UID = 'u1';

/** Wednesday 11 March 2026, noon, in the process's zone (the zone the page uses). */
export const NOW = new Date(2026, 2, 11, 12, 0, 0).getTime();

export function at(year: number, month: number, day: number, hour = 9, minute = 0): number {
  return new Date(year, month - 1, day, hour, minute).getTime();
}

/** A MemoryStore whose operations can be made to fail, to show the error messages. */
export class TestStore extends MemoryStore {
  failCommit: ((writes: readonly WriteOp[]) => boolean) | null = null;
  failRead: ((collection: string) => boolean) | null = null;
  commits: WriteOp[][] = [];

  override async commit(writes: readonly WriteOp[]): Promise<void> {
    if (this.failCommit?.(writes)) throw new StoreError('unavailable', 'test: commit refused');
    this.commits.push([...writes]);
    return super.commit(writes);
  }

  override async get(path: string): Promise<DocSnapshot | null> {
    if (this.failRead?.(path)) throw new StoreError('unavailable', 'test: read refused');
    return super.get(path);
  }

  override async query(spec: QuerySpec): Promise<DocSnapshot[]> {
    if (this.failRead?.(spec.collection)) throw new StoreError('unavailable', 'test: read refused');
    return super.query(spec);
  }

  override async aggregate(...args: Parameters<MemoryStore['aggregate']>) {
    if (this.failRead?.(args[0].collection)) throw new StoreError('unavailable', 'test: read refused');
    return super.aggregate(...args);
  }

  override listen(
    spec: QuerySpec,
    onNext: (docs: DocSnapshot[]) => void,
    onError: (error: StoreErrorType) => void,
  ): Unsubscribe {
    if (this.failRead?.(spec.collection)) {
      void Promise.resolve().then(() => onError(new StoreError('unavailable', 'test: listen refused')));
      return () => {};
    }
    return super.listen(spec, onNext, onError);
  }

  override listenDoc(
    path: string,
    onNext: (doc: DocSnapshot | null) => void,
    onError: (error: StoreErrorType) => void,
  ): Unsubscribe {
    if (this.failRead?.(path)) {
      void Promise.resolve().then(() => onError(new StoreError('unavailable', 'test: listen refused')));
      return () => {};
    }
    return super.listenDoc(path, onNext, onError);
  }

  doc(path: string): DocData | undefined {
    return this.snapshot()[path];
  }

  /** Stored documents of a collection path, by id. */
  collection(path: string): Record<string, DocData> {
    const out: Record<string, DocData> = {};
    for (const [p, d] of Object.entries(this.snapshot())) {
      const cut = p.lastIndexOf('/');
      if (p.slice(0, cut) === path) out[p.slice(cut + 1)] = d;
    }
    return out;
  }
}

/** An activity document as logging stores it (exact calorie units). */
export function activityDoc(rec: Omit<ActivityRecord, 'calorieUnits'>): DocData {
  return { ...rec, calorieUnits: calorieUnits(rec) };
}

export interface Seed {
  profile?: Partial<UserProfile> | null;
  goal?: DailyGoal | null;
  preferences?: string[];
  activities?: Record<string, DocData>;
  weights?: Record<string, { weight: number; timestamp: number; loggedAt?: number }>;
}

/**
 * What the progress reaction does after the activities in the store were written: the progress
 * document (the stats' source), counted in this browser's zone, saved on the profile.
 */
export async function reactToActivities(store: TestStore): Promise<void> {
  await store.commit([
    { kind: 'set', path: paths.user(UID), data: { timeZone: browserTimeZone() }, merge: true },
  ]);
  await reactUser({ store, now: Date.now(), timeZone: 'UTC' }, UID, [
    { kind: 'profile', uid: UID, changed: ['timeZone'] },
  ]);
}

export function seedStore(seed: Seed = {}): TestStore {
  const store = new TestStore();
  const docs: Record<string, DocData> = {};
  if (seed.profile !== null) {
    docs[paths.user(UID)] = {
      userId: UID,
      email: 'sam@example.com',
      createdAt: 1,
      displayName: 'Sam',
      ...seed.profile,
    };
  }
  // Most tests are about something else than the goal popup: a goal is set unless asked otherwise.
  if (seed.goal !== null) docs[paths.goal(UID)] = { ...(seed.goal ?? { target: '30', type: 'minutes' }) };
  if (seed.preferences) docs[paths.activityPreferences(UID)] = { activities: seed.preferences };
  for (const [id, data] of Object.entries(seed.activities ?? {})) docs[paths.rep(UID, id)] = data;
  for (const [id, data] of Object.entries(seed.weights ?? {})) docs[paths.weightRecord(UID, id)] = data;
  store.seed(docs);
  return store;
}

const testTheme = createTheme(themeOptions, {
  transitions: {
    duration: {
      shortest: 0,
      shorter: 0,
      short: 0,
      standard: 0,
      complex: 0,
      enteringScreen: 0,
      leavingScreen: 0,
    },
  },
});

export function Providers({ store, children }: { store: TestStore; children: ReactNode }) {
  const [client] = useState(() => createQueryClient(() => {}));
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider theme={testTheme}>
        <MemoryRouter initialEntries={['/user']}>
          <StoreContext.Provider value={store}>
            <SessionUserContext.Provider value={{ uid: UID, email: 'sam@example.com', emailVerified: true }}>
              <UnitsProvider>{children}</UnitsProvider>
            </SessionUserContext.Provider>
          </StoreContext.Provider>
        </MemoryRouter>
      </ThemeProvider>
    </QueryClientProvider>
  );
}

/** Pins Date to NOW (timers stay real, so Testing Library's waits work). */
export function freezeClock(now = NOW) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
}

export function renderDashboard(store: TestStore) {
  return render(
    <Providers store={store}>
      <DashboardPage />
    </Providers>,
  );
}

// jsdom has no ResizeObserver; the chart needs one to measure its width.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
