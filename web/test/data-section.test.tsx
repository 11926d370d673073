import { IMPORT_MESSAGES, MAX_IMPORT_BYTES } from '@fit/shared/archive';
import { calorieUnits } from '@fit/shared/formulas';
import { GPX_MESSAGES } from '@fit/shared/gpx';
import { paths } from '@fit/shared/model';
import { StoreError } from '@fit/shared/store';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { storedValue } from '@fit/shared/units';
import { MESSAGES } from '@fit/shared/validation';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EXPORT_OFFLINE, IMPORT_OFFLINE } from '../src/features/account/DataSection.tsx';
import { FakeAuth } from './fake-auth.ts';
import { renderApp, warmRoutes } from './render.tsx';

vi.mock('../src/features/dashboard/DashboardPage.tsx', () => import('./stub-pages.tsx'));
vi.mock('../src/features/community/CommunityPage.tsx', () => import('./stub-pages.tsx'));

beforeAll(() => warmRoutes('/account'));

const UID = 'ann';
const DAY = 86_400_000;
/** Ann's profile in metric units: imports read and word weights in kg for her. */
const METRIC_ANN = {
  [paths.user(UID)]: {
    userId: UID,
    email: 'ann@example.com',
    createdAt: 1,
    displayName: 'Ann',
    unitSystem: 'metric',
  },
};

function setup(docs: Record<string, Record<string, unknown>> = {}) {
  const auth = new FakeAuth();
  auth.addUser('ann@example.com', { uid: UID, signedIn: true, password: 'secret123' });
  const store = new MemoryStore({
    [paths.user(UID)]: { userId: UID, email: 'ann@example.com', createdAt: 1, displayName: 'Ann' },
    ...docs,
  });
  const app = renderApp('/account', { auth, store });
  return { store, auth, path: app.path };
}

async function dataSection() {
  return within(await screen.findByRole('region', { name: 'Your Data' }));
}

/** Chooses `file` in the data section and confirms the preview's Import. */
async function importFile(
  user: ReturnType<typeof userEvent.setup>,
  data: Awaited<ReturnType<typeof dataSection>>,
  file: File,
) {
  await user.upload(data.getByTestId('import-file'), file);
  await user.click(
    within(await screen.findByRole('dialog', { name: 'Import preview' })).getByRole('button', {
      name: 'Import',
    }),
  );
}

async function reps(store: MemoryStore) {
  return store.query({ collection: paths.reps(UID) });
}

const CSV = [
  'Date,Activity,Reps,Minutes,Weight lifted,Calories',
  '2026-01-10 07:30,Bench Press,10,5,135,99',
  '2026-01-11,Running,,30,,',
  '2026-01-12,Running,,0,,',
].join('\r\n');

afterEach(() => vi.restoreAllMocks());

// User-event uploads and full-page renders take several seconds on a busy machine.
describe('/account: Your Data', () => {
  it('imports a CSV after a preview of what is added and refused; the same file again adds nothing', async () => {
    const user = userEvent.setup();
    const { store } = setup();
    const data = await dataSection();
    await user.upload(data.getByTestId('import-file'), new File([CSV], 'mine.csv', { type: 'text/csv' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Import preview' }));
    expect(dialog.getByTestId('import-activities')).toHaveTextContent(/Activities\s*2\s*0/);
    expect(dialog.getByText('1 refused (not imported)')).toBeInTheDocument();
    expect(dialog.getByText('Line 4:').parentElement).toHaveTextContent(`Line 4: ${MESSAGES.timePositive}`);
    // Nothing is written before the confirmation.
    expect(await reps(store)).toHaveLength(0);

    await user.click(dialog.getByRole('button', { name: 'Import' }));
    expect(await data.findByText('Imported 2 activities, 0 weight records, 0 posts.')).toBeInTheDocument();
    const written = (await reps(store)).map((d) => d.data);
    expect(written).toHaveLength(2);
    const bench = written.find((d) => d.activityType === 'Bench Press');
    expect(bench).toMatchObject({ count: 10, time: 5, weightLifted: 135 });
    expect(bench?.calorieUnits).toBe(
      calorieUnits({ activityType: 'Bench Press', time: 5, weightLifted: 135 }),
    );
    expect(typeof bench?.importedAt).toBe('number');

    await user.upload(data.getByTestId('import-file'), new File([CSV], 'mine.csv', { type: 'text/csv' }));
    const again = within(await screen.findByRole('dialog', { name: 'Import preview' }));
    expect(again.getByTestId('import-activities')).toHaveTextContent(/Activities\s*0\s*2/);
    expect(again.getByText(/Nothing new to import/)).toBeInTheDocument();
    expect(again.queryByRole('button', { name: 'Import' })).toBeNull();
    await user.click(again.getByRole('button', { name: 'Close' }));
    expect(await reps(store)).toHaveLength(2);
  });

  it("names another app's format in the preview, and refuses a GPX track it cannot read, writing nothing", async () => {
    const user = userEvent.setup();
    const { store } = setup();
    const data = await dataSection();
    const hevy = [
      'title,start_time,end_time,exercise_title,set_index,set_type,weight_kg,reps',
      'Push,"10 Jan 2026, 07:00","10 Jan 2026, 07:40",Bench Press (Barbell),0,normal,80,8',
      'Push,"10 Jan 2026, 07:00","10 Jan 2026, 07:40",Bench Press (Barbell),1,normal,80,8',
      'Push,"10 Jan 2026, 07:00","10 Jan 2026, 07:40",Cable Crossover,0,normal,15,12',
    ].join('\n');
    await user.upload(
      data.getByTestId('import-file'),
      new File([hevy], 'workouts.csv', { type: 'text/csv' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Import preview' }));
    expect(dialog.getByTestId('import-format')).toHaveTextContent(
      'Recognised as: Hevy workouts export (workouts.csv)',
    );
    expect(dialog.getByTestId('import-activities')).toHaveTextContent(/Activities\s*1\s*0/);
    expect(dialog.getByText('Line 4:').parentElement).toHaveTextContent(
      "Line 4: Unknown exercise 'Cable Crossover'.",
    );
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));

    const gpx =
      '<?xml version="1.0"?><gpx version="1.1"><trk><trkseg><trkpt lat="52.5" lon="13.4"><time>2026-01-10T07:00:00Z</time></trkpt><trkpt lat="52.51" lon="13.41"><time>2026-01-10T07:10:00Z</time></trkpt></trkseg></trk></gpx>';
    await user.upload(
      data.getByTestId('import-file'),
      new File([gpx], 'ride.gpx', { type: 'application/gpx+xml' }),
    );
    expect(await data.findByText(GPX_MESSAGES.noType)).toBeInTheDocument();
    expect(await reps(store)).toHaveLength(0);
  });

  it('a file whose every row is refused does not say its entries are already there', async () => {
    const user = userEvent.setup();
    setup();
    const data = await dataSection();
    const mangled = ['Date,Activity,Minutes', '1/11/2026 7:30,Running,30', '1/12/2026 7:30,Running,30'].join(
      '\r\n',
    );
    await user.upload(
      data.getByTestId('import-file'),
      new File([mangled], 'excel.csv', { type: 'text/csv' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Import preview' }));
    expect(dialog.getByText('2 refused (not imported)')).toBeInTheDocument();
    expect(dialog.queryByText(/already there/)).toBeNull();
    expect(dialog.getByText('Nothing to import: every entry in this file was refused.')).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Import' })).toBeNull();
  });

  it("reads a metric person's hand-made weights CSV with a bare Weight column in kg", async () => {
    const user = userEvent.setup();
    const { store } = setup(METRIC_ANN);
    const data = await dataSection();
    const csv = ['Date,Weight', '2026-01-10,80', '2026-01-11,81'].join('\n');
    await user.upload(data.getByTestId('import-file'), new File([csv], 'scale.csv', { type: 'text/csv' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Import preview' }));
    expect(dialog.getByTestId('import-format')).toHaveTextContent(
      'Recognised as: FitTrack weights CSV (Weight read in kg)',
    );
    await user.click(dialog.getByRole('button', { name: 'Import' }));
    expect(await data.findByText('Imported 0 activities, 2 weight records, 0 posts.')).toBeInTheDocument();
    const weights = await store.query({ collection: paths.weightRecords(UID) });
    // 80 kg, not 80 lbs (36 kg).
    expect(weights.map((d) => d.data.weight).sort()).toEqual([176.37, 178.57]);
  });

  it("reads a metric person's activities CSV with a bare Weight lifted column in kg, and says so", async () => {
    const user = userEvent.setup();
    const { store } = setup(METRIC_ANN);
    const data = await dataSection();
    const csv = ['Date,Activity,Reps,Minutes,Weight lifted', '2026-01-10 07:30,Bench Press,10,5,100'].join(
      '\n',
    );
    await user.upload(data.getByTestId('import-file'), new File([csv], 'lifts.csv', { type: 'text/csv' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Import preview' }));
    expect(dialog.getByTestId('import-format')).toHaveTextContent(
      'Recognised as: FitTrack activities CSV (Weight lifted read in kg)',
    );
    await user.click(dialog.getByRole('button', { name: 'Import' }));
    expect(await data.findByText('Imported 1 activity, 0 weight records, 0 posts.')).toBeInTheDocument();
    // 100 kg, not 100 lbs (45 kg).
    expect((await reps(store)).map((d) => d.data.weightLifted)).toEqual([
      storedValue('weightLifted', 100, 'metric'),
    ]);
  });

  it("names a refused load's limit in kg to a metric person, as the log form does", async () => {
    const user = userEvent.setup();
    setup(METRIC_ANN);
    const data = await dataSection();
    const csv = [
      'Date,Activity,Reps,Minutes,Weight lifted (kg)',
      '2026-01-10 07:30,Bench Press,5,5,400',
      '2026-01-10 07:40,Bench Press,5,5,100',
    ].join('\n');
    await user.upload(data.getByTestId('import-file'), new File([csv], 'lifts.csv', { type: 'text/csv' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Import preview' }));
    expect(dialog.getByTestId('import-activities')).toHaveTextContent(/Activities\s*1\s*0/);
    // The dashboard's words for 400 kg (Units.test.tsx), not "cannot exceed 800 lbs".
    expect(dialog.getByText('Line 2:').parentElement).toHaveTextContent(
      'Line 2: Weight lifted cannot exceed 362 kg for Bench Press.',
    );
  });

  it('does not import offline (the entries would be refused once the queued writes reach the server)', async () => {
    const user = userEvent.setup();
    const { store } = setup();
    const data = await dataSection();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.upload(data.getByTestId('import-file'), new File([CSV], 'mine.csv', { type: 'text/csv' }));
    expect(await data.findByText(IMPORT_OFFLINE)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Import preview' })).toBeNull();

    // Online for the preview, offline by the time Import is chosen.
    onLine.mockReturnValue(true);
    await user.upload(data.getByTestId('import-file'), new File([CSV], 'mine.csv', { type: 'text/csv' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Import preview' }));
    onLine.mockReturnValue(false);
    await user.click(dialog.getByRole('button', { name: 'Import' }));
    expect(await data.findByText(IMPORT_OFFLINE)).toBeInTheDocument();
    expect(await reps(store)).toHaveLength(0);
  });

  it('imports an archive and the page shows the imported profile and goal', async () => {
    const user = userEvent.setup();
    const { store } = setup();
    const archive = {
      format: 'fittrack-archive',
      version: 1,
      exportedAt: '2026-01-01T00:00:00.000Z',
      profile: { userId: 'someone', email: 'someone@example.com', displayName: 'Annie', height: 64 },
      activities: [{ activityType: 'Yoga', time: 20, timestamp: Date.now() - 3 * DAY }],
      weights: [{ weight: 140, timestamp: Date.now() - 2 * DAY }],
      goal: { target: '45', type: 'minutes' },
      preferences: { activities: ['Yoga'] },
      posts: [],
    };
    const data = await dataSection();
    await user.upload(
      data.getByTestId('import-file'),
      new File([JSON.stringify(archive)], 'a.json', { type: 'application/json' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Import preview' }));
    expect(dialog.getByText('Daily goal: will be set from the file.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('45 minutes a day')).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Annie')).toBeInTheDocument();
    const profile = (await store.get(paths.user(UID)))?.data;
    expect(profile).toMatchObject({
      userId: UID,
      email: 'ann@example.com',
      displayName: 'Annie',
      height: 64,
    });
    expect(profile?.currentWeight).toBe(140);
  });

  it('a failed part says how far it got; importing the same file again completes it without duplicates', async () => {
    const user = userEvent.setup();
    const { store } = setup();
    const lines = ['Date,Activity,Reps,Minutes'];
    for (let i = 0; i < 600; i++)
      lines.push(`2026-01-${String(1 + (i % 28)).padStart(2, '0')} 07:00,Push Ups,${i + 1},2`);
    const file = () => new File([lines.join('\n')], 'big.csv', { type: 'text/csv' });
    const commit = store.commit.bind(store);
    let parts = 0;
    vi.spyOn(store, 'commit').mockImplementation(async (writes) => {
      // (The page's own small writes, such as the empty preferences document, are not parts.)
      if (writes.length >= 100 && ++parts === 2) throw new Error('network down');
      return commit(writes);
    });
    const data = await dataSection();
    await user.upload(data.getByTestId('import-file'), file());
    const dialog = within(await screen.findByRole('dialog', { name: 'Import preview' }));
    expect(dialog.getByText(/written in 2 parts of at most 500 entries/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Import' }));
    expect(await data.findByText(/Import stopped after 1 of 2 parts/)).toBeInTheDocument();
    expect(await reps(store)).toHaveLength(500);

    await user.upload(data.getByTestId('import-file'), file());
    const again = within(await screen.findByRole('dialog', { name: 'Import preview' }));
    expect(again.getByTestId('import-activities')).toHaveTextContent(/Activities\s*100\s*500/);
    await user.click(again.getByRole('button', { name: 'Import' }));
    expect(await data.findByText('Imported 100 activities, 0 weight records, 0 posts.')).toBeInTheDocument();
    expect(await reps(store)).toHaveLength(600);
  });

  it('says the server refused the data, not "try again", when the rules refuse a part', async () => {
    const user = userEvent.setup();
    const { store } = setup();
    const commit = store.commit.bind(store);
    let refuse = (_part: number) => true;
    let parts = 0;
    vi.spyOn(store, 'commit').mockImplementation(async (writes) => {
      // (The page's own small writes, such as the empty preferences document, are not parts.)
      if (writes.some((w) => w.path.includes('/reps/')) && refuse(++parts))
        throw new StoreError('permission-denied', 'Missing or insufficient permissions.');
      return commit(writes);
    });
    const data = await dataSection();
    await importFile(user, data, new File([CSV], 'mine.csv', { type: 'text/csv' }));
    expect(
      await data.findByText(
        "The server refused this file's data, so nothing was written. Trying again would fail the same way.",
      ),
    ).toBeInTheDocument();
    expect(data.queryByText(/Please try again/)).toBeNull();
    expect(await reps(store)).toHaveLength(0);

    // A big file whose second part is refused: the first part stays, nothing of the second is written.
    const lines = ['Date,Activity,Reps,Minutes'];
    for (let i = 0; i < 600; i++)
      lines.push(`2026-01-${String(1 + (i % 28)).padStart(2, '0')} 07:00,Push Ups,${i + 1},2`);
    parts = 0;
    refuse = (part) => part === 2;
    await importFile(user, data, new File([lines.join('\n')], 'big.csv', { type: 'text/csv' }));
    expect(
      await data.findByText(
        'Import stopped after 1 of 2 parts: the server refused the data of part 2, so nothing of that part was written. Trying again would fail the same way.',
      ),
    ).toBeInTheDocument();
    expect(await reps(store)).toHaveLength(500);
  });

  it.each(['invalid-argument', 'failed-precondition'] as const)(
    'says the server refused the data when a part fails with %s',
    async (code) => {
      const user = userEvent.setup();
      const { store } = setup();
      const commit = store.commit.bind(store);
      vi.spyOn(store, 'commit').mockImplementation(async (writes) => {
        if (writes.some((w) => w.path.includes('/reps/'))) throw new StoreError(code, 'refused');
        return commit(writes);
      });
      const data = await dataSection();
      await importFile(user, data, new File([CSV], 'mine.csv', { type: 'text/csv' }));
      expect(await data.findByText(/The server refused this file's data/)).toBeInTheDocument();
      expect(data.queryByText(/Please try again/)).toBeNull();
    },
    40_000,
  );

  it('ends an expired session when an import part is refused for it, once', async () => {
    const user = userEvent.setup();
    const { store, auth, path } = setup();
    const signOut = vi.spyOn(auth, 'signOut');
    const commit = store.commit.bind(store);
    vi.spyOn(store, 'commit').mockImplementation(async (writes) => {
      if (writes.some((w) => w.path.includes('/reps/'))) throw new StoreError('unauthenticated', 'expired');
      return commit(writes);
    });
    const data = await dataSection();
    await importFile(user, data, new File([CSV], 'mine.csv', { type: 'text/csv' }));
    await vi.waitFor(() => expect(path()).toBe('/login'));
    expect(signOut).toHaveBeenCalledTimes(1);
  }, 40_000);

  it('keeps "Please try again" when the server could not be reached', async () => {
    const user = userEvent.setup();
    const { store } = setup();
    const commit = store.commit.bind(store);
    vi.spyOn(store, 'commit').mockImplementation(async (writes) => {
      if (writes.some((w) => w.path.includes('/reps/'))) throw new StoreError('unavailable', 'offline');
      return commit(writes);
    });
    const data = await dataSection();
    await importFile(user, data, new File([CSV], 'mine.csv', { type: 'text/csv' }));
    expect(
      await data.findByText('Failed to import. Nothing was written. Please try again.'),
    ).toBeInTheDocument();
  });

  it('refuses a file over the limit without reading it, and a foreign JSON file with a clear message', async () => {
    const user = userEvent.setup();
    const { store } = setup();
    const data = await dataSection();
    const big = new File(['x'], 'huge.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: MAX_IMPORT_BYTES + 1 });
    const text = vi.spyOn(big, 'text');
    await user.upload(data.getByTestId('import-file'), big);
    expect(await data.findByText(IMPORT_MESSAGES.tooLarge)).toBeInTheDocument();
    expect(text).not.toHaveBeenCalled();

    await user.upload(
      data.getByTestId('import-file'),
      new File(['{"format":"other","version":1}'], 'x.json', { type: 'application/json' }),
    );
    expect(await data.findByText(IMPORT_MESSAGES.notArchive)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await reps(store)).toHaveLength(0);
  });

  it('does not export offline (only what this device has cached would be in the file)', async () => {
    const user = userEvent.setup();
    setup();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const data = await dataSection();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.click(data.getByRole('button', { name: 'Export JSON' }));
    expect(await data.findByText(EXPORT_OFFLINE)).toBeInTheDocument();
    expect(click).not.toHaveBeenCalled();
  });

  it('exports the JSON archive as a download', async () => {
    const user = userEvent.setup();
    const t = Date.UTC(2026, 0, 5, 12);
    setup({
      [paths.rep(UID, 'r1')]: {
        activityType: 'Running',
        time: 30,
        timestamp: t,
        calorieUnits: calorieUnits({ activityType: 'Running', time: 30 }),
      },
      [paths.goal(UID)]: { target: '100', type: 'reps' },
    });
    let blob: Blob | undefined;
    const create = vi.fn((b: Blob) => {
      blob = b;
      return 'blob:archive';
    });
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const data = await dataSection();
    await user.click(data.getByRole('button', { name: 'Export JSON' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    const archive = JSON.parse(await (blob as Blob).text());
    expect(archive).toMatchObject({
      format: 'fittrack-archive',
      version: 1,
      activities: [{ activityType: 'Running', time: 30, timestamp: t }],
      goal: { target: '100', type: 'reps' },
      profile: { displayName: 'Ann' },
    });
    expect(archive.activities[0]).not.toHaveProperty('calorieUnits');
    expect(Date.now() - Date.parse(archive.exportedAt)).toBeLessThan(DAY);
  });

  it("exports a metric person's activities and weights in kg and km, the headers say so", async () => {
    const user = userEvent.setup();
    const t = Date.UTC(2026, 0, 5, 12);
    const bench = { activityType: 'Bench Press', count: 10, time: 5, weightLifted: 220.46, timestamp: t };
    const run = { activityType: 'Running', time: 25, distance: 5000, timestamp: t + 1000 };
    setup({
      [paths.user(UID)]: {
        userId: UID,
        email: 'ann@example.com',
        createdAt: 1,
        displayName: 'Ann',
        unitSystem: 'metric',
      },
      [paths.rep(UID, 'b')]: { ...bench, calorieUnits: calorieUnits(bench) },
      [paths.rep(UID, 'r')]: { ...run, calorieUnits: calorieUnits(run) },
      [paths.weightRecord(UID, 'w')]: { weight: 176.37, timestamp: t },
    });
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((b: Blob) => {
        blobs.push(b);
        return 'blob:csv';
      }),
      revokeObjectURL: vi.fn(),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const data = await dataSection();
    await user.click(data.getByRole('button', { name: 'Export activities CSV' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    await user.click(data.getByRole('button', { name: 'Export weights CSV' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    const [activities, weights] = await Promise.all(blobs.map((b) => b.text()));
    const lines = (activities as string).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Date,Activity,Reps,Minutes,Weight lifted (kg),Calories,Distance (km)');
    expect(lines[1]?.split(',').slice(1, 5)).toEqual(['Bench Press', '10', '5', '100']);
    expect(lines[2]?.split(',').slice(1)).toEqual(['Running', '', '25', '', expect.any(String), '5']);
    expect(
      (weights as string)
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .slice(0, 2),
    ).toEqual(['Date,Weight (kg)', expect.stringMatching(/,80$/)]);
  });
});
