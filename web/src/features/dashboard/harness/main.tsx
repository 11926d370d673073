/**
 * A look at the dashboard without the stack: the real app (routes, top bar, theme) over a seeded
 * MemoryStore and a signed-in fake user. `?empty` starts a brand-new account instead.
 * Served by `serve.mjs` for screenshots; never part of the app build.
 */
import { calorieUnits } from '@fit/shared/formulas';
import { paths } from '@fit/shared/model';
import type { DocData } from '@fit/shared/store';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { FakeAuth } from '../../../../test/fake-auth.ts';
import { AppProviders } from '../../../app/AppProviders.tsx';
import { routes } from '../../../app/routes.tsx';

const UID = 'demo';
const DAY = 86_400_000;
const now = Date.now();
const empty = new URLSearchParams(location.search).has('empty');

function seed(): Record<string, DocData> {
  const docs: Record<string, DocData> = {
    [paths.user(UID)]: empty
      ? { userId: UID, email: 'alex@example.com', createdAt: now, displayName: 'Alex' }
      : {
          userId: UID,
          email: 'alex@example.com',
          createdAt: now - 90 * DAY,
          displayName: 'Alex',
          firstName: 'Alex',
          gender: 'Male',
          dateOfBirth: '1991-06-14',
          height: 70,
          currentWeight: 186.4,
          targetWeight: 175,
          targetDate: new Date(now + 100 * DAY).toISOString().slice(0, 10),
        },
  };
  if (empty) return docs;
  docs[paths.goal(UID)] = { target: '45', type: 'minutes' };
  const plan: [string, number?, number?, number?][] = [
    ['Running', undefined, 32],
    ['Bench Press', 12, 8, 135],
    ['Yoga', undefined, 25],
    ['Push Ups', 40, 6],
    ['Cycling', undefined, 45],
    ['Squats', 15, 10, 185],
    ['Leg Curl', 12, undefined, 70],
    ['Walking', undefined, 40],
  ];
  for (let i = 0; i < 64; i++) {
    const [activityType, count, time, weightLifted] = plan[i % plan.length] as [
      string,
      number?,
      number?,
      number?,
    ];
    const rec: Record<string, unknown> = { activityType, timestamp: now - i * 0.6 * DAY - 2 * 3_600_000 };
    if (count !== undefined) rec.count = count;
    if (time !== undefined) rec.time = time;
    if (weightLifted !== undefined) rec.weightLifted = weightLifted;
    rec.calorieUnits = calorieUnits(rec as never);
    docs[paths.rep(UID, `a${i}`)] = rec;
  }
  // A legacy lower-case name, written back on load.
  docs[paths.rep(UID, 'legacy')] = {
    activityType: 'jump rope',
    time: 10,
    timestamp: now - 3 * 3_600_000,
    calorieUnits: 9000,
  };
  const weights = [194.2, 193.5, 193.8, 192.6, 191.9, 191.1, 190.4, 190.8, 189.5, 188.7, 187.9, 187.2, 186.4];
  weights.forEach((weight, i) => {
    docs[paths.weightRecord(UID, `w${i}`)] = { weight, timestamp: now - (weights.length - 1 - i) * 5 * DAY };
  });
  return docs;
}

const store = new MemoryStore(seed());
const auth = new FakeAuth();
auth.addUser('alex@example.com', { uid: UID, verified: true, signedIn: true });
const backend = {
  store,
  deleteAccount: async () => {},
  watchPendingWrites: (listener: (pending: number) => void) => {
    listener(0);
    return () => {};
  },
};
const router = createMemoryRouter(routes, { initialEntries: ['/user'] });
const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <AppProviders auth={auth} loadBackend={async () => backend}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
