/**
 * A first run that asks (issue 27, item 6), over the whole app: one prompt at a time (the
 * display-name prompt, then the daily-goal popup), and focus somewhere sensible after "Maybe Later".
 */
import { paths } from '@fit/shared/model';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeAuth } from './fake-auth.ts';
import { renderApp, warmRoutes } from './render.tsx';

vi.mock('../src/features/progress/ProgressSection.tsx', () => import('./stub-pages.tsx'));
// An online save unconfirmed for 3 s counts as waiting to sync (pending-sync.test.ts): on a busy
// machine 3 s passed before the checks below. Here the server answers only when `confirm`ed.
vi.mock('../src/data/pending-sync.ts', async (original) => ({
  ...(await original<typeof import('../src/data/pending-sync.ts')>()),
  countsAsWaiting: ({ offline = false }: { offline?: boolean } = {}) => offline,
  whenWaitingToSync: () => () => {},
}));

beforeAll(() => warmRoutes('/user'));

/**
 * As Firestore: a write shows in the listeners at once (latency compensation), and its commit
 * resolves only when the server confirms it (`confirm`).
 */
class LocalFirstStore extends MemoryStore {
  private unconfirmed: (() => void)[] = [];
  override commit(...args: Parameters<MemoryStore['commit']>): Promise<void> {
    return super.commit(...args).then(() => new Promise<void>((resolve) => this.unconfirmed.push(resolve)));
  }
  confirm(): void {
    for (const resolve of this.unconfirmed.splice(0)) resolve();
  }
}

let n = 0;
function newUser(profile: Record<string, unknown>) {
  const uid = `first${++n}`;
  const auth = new FakeAuth();
  auth.addUser(`${uid}@example.com`, { uid, signedIn: true });
  const store = new LocalFirstStore({
    [paths.user(uid)]: { userId: uid, email: `${uid}@example.com`, createdAt: 1, ...profile },
  });
  return { uid, auth, store };
}

const goalDialog = () => screen.queryByRole('dialog', { name: 'Set a daily goal' });
const namePrompt = () => screen.findByRole('region', { name: 'Choose your display name' });

describe('the first run: one prompt at a time', () => {
  it('asks for the name first; the goal popup opens once the prompt is put off', async () => {
    const { auth, store } = newUser({ displayName: '' });
    renderApp('/user', { auth, store });
    const prompt = await namePrompt();
    // The goal is known to be missing (the widget says so), and still no popup over the prompt.
    await screen.findByText('Set a daily goal to track your progress.');
    expect(goalDialog()).toBeNull();
    fireEvent.click(within(prompt).getByRole('button', { name: 'Not now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set a daily goal' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Maybe Later' }));
    await waitFor(() => expect(goalDialog()).toBeNull());
    // Focus was on the page's heading when the popup opened: it goes back there.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
  });

  it('opens the goal popup once the name is saved', async () => {
    const { auth, store, uid } = newUser({ displayName: '' });
    renderApp('/user', { auth, store });
    const prompt = await namePrompt();
    fireEvent.change(within(prompt).getByLabelText(/Display Name/), { target: { value: 'Kim' } });
    fireEvent.click(within(prompt).getByRole('button', { name: 'Save Name' }));
    await screen.findByRole('heading', { level: 1, name: 'Hi, Kim' });
    store.confirm();
    const dialog = await screen.findByRole('dialog', { name: 'Set a daily goal' });
    expect(store.snapshot()[paths.user(uid)]).toMatchObject({ displayName: 'Kim' });
    // The saved notice had the focus when the popup opened: "Maybe Later" gives it back.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Maybe Later' }));
    await waitFor(() => expect(goalDialog()).toBeNull());
    const notice = screen.getByText('Display name saved. Others now see you as Kim.');
    await waitFor(() => expect(notice.closest('[role="status"]')).toHaveFocus());
  });

  it('keeps the prompt while the server has not confirmed the name, then the notice, then the goal', async () => {
    const { auth, store, uid } = newUser({ displayName: '' });
    renderApp('/user', { auth, store });
    const prompt = await namePrompt();
    fireEvent.change(within(prompt).getByLabelText(/Display Name/), { target: { value: 'Kim' } });
    fireEvent.click(within(prompt).getByRole('button', { name: 'Save Name' }));
    // The name is in the profile (and the greeting) before the server answers: the prompt stays.
    await screen.findByRole('heading', { level: 1, name: 'Hi, Kim' });
    expect(store.snapshot()[paths.user(uid)]).toMatchObject({ displayName: 'Kim' });
    expect(screen.getByRole('region', { name: 'Choose your display name' })).toBeInTheDocument();
    expect(goalDialog()).toBeNull();
    store.confirm();
    await screen.findByText('Display name saved. Others now see you as Kim.');
    expect(await screen.findByRole('dialog', { name: 'Set a daily goal' })).toBeInTheDocument();
  });

  it('after "Maybe Later" on the popup that opened by itself, focus is on "Set a goal"', async () => {
    const { auth, store } = newUser({ displayName: 'Kim' });
    renderApp('/user', { auth, store });
    const dialog = await screen.findByRole('dialog', { name: 'Set a daily goal' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Maybe Later' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Set a goal' })).toHaveFocus());
  });
});
