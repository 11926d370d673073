import { paths } from '@fit/shared/model';
import type { DocData } from '@fit/shared/store';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../data/connection.ts';
import { SessionUserContext, StoreContext } from '../../data/context.tsx';
import { useProfile } from '../../data/queries.ts';
import { DisplayNamePrompt } from './DisplayNamePrompt.tsx';

let uidCounter = 0;

/**
 * Says when the profile the prompt reads has answered (the same query, so the same render): a test
 * that the prompt stays away waits for this, not for a fixed sleep that a loaded machine outlasts.
 */
function ProfileLoaded() {
  return useProfile().isSuccess ? <p>profile loaded</p> : null;
}
const profileLoaded = () => screen.findByText('profile loaded');

function setup(profile: DocData | null, url = '/user') {
  const uid = `u${++uidCounter}`;
  const store = new MemoryStore();
  if (profile)
    store.seed({ [paths.user(uid)]: { userId: uid, email: 'kim@example.com', createdAt: 1, ...profile } });
  function App() {
    const [client] = useState(() => createQueryClient(() => {}));
    return (
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[url]}>
          <StoreContext.Provider value={store}>
            <SessionUserContext.Provider value={{ uid, email: 'kim@example.com', emailVerified: true }}>
              <Routes>
                <Route
                  path="/user"
                  element={
                    <main>
                      <DisplayNamePrompt />
                      <h1>Your dashboard</h1>
                      <ProfileLoaded />
                    </main>
                  }
                />
                <Route path="/community" element={<p>Community page</p>} />
              </Routes>
            </SessionUserContext.Provider>
          </StoreContext.Provider>
        </MemoryRouter>
      </QueryClientProvider>
    );
  }
  const view = render(<App />);
  const stored = () => store.snapshot()[paths.user(uid)];
  return { view, stored, App, store, uid };
}

const prompt = () => screen.findByRole('region', { name: 'Choose your display name' });

afterEach(() => {
  vi.restoreAllMocks();
});

/** The browser's preferred languages, as `navigator.languages` says them. */
function browserLocale(...languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
}

describe('the display-name prompt on /user', () => {
  it('refuses a blank or bidi-control name with the spec message and writes nothing', async () => {
    const { stored } = setup({ displayName: '' });
    const card = await prompt();
    const field = within(card).getByLabelText(/Display Name/);
    for (const bad of ['   ', '\u3000\u200b', 'Kim\u202e']) {
      fireEvent.change(field, { target: { value: bad } });
      fireEvent.click(within(card).getByRole('button', { name: 'Save Name' }));
      expect(await within(card).findByRole('alert')).toHaveTextContent(
        bad.includes('\u202e') ? 'text-direction control characters' : 'Display Name is required.',
      );
    }
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(stored()?.displayName).toBe('');
  });

  it('saves the trimmed name into the profile, then says so where the form was', async () => {
    const { stored } = setup({ displayName: '', firstName: 'Kimberly' });
    const card = await prompt();
    fireEvent.change(within(card).getByLabelText(/Display Name/), { target: { value: '  Kim  ' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save Name' }));
    const notice = await screen.findByText('Display name saved. Others now see you as Kim.');
    await waitFor(() => expect(stored()).toMatchObject({ displayName: 'Kim', firstName: 'Kimberly' }));
    expect(screen.queryByRole('region', { name: 'Choose your display name' })).toBeNull();
    expect(notice.closest('[role="status"]')).toHaveFocus();
  });

  it('creates the profile when sign-up could not', async () => {
    const { stored } = setup(null);
    const card = await prompt();
    fireEvent.change(within(card).getByLabelText(/Display Name/), { target: { value: 'Kim' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save Name' }));
    await waitFor(() => expect(stored()).toMatchObject({ displayName: 'Kim', email: 'kim@example.com' }));
  });

  it('fills the identity fields of a profile a weigh-in made when sign-up could not', async () => {
    const { stored, store, uid } = setup(null);
    store.seed({ [paths.user(uid)]: { currentWeight: 180 } });
    const card = await prompt();
    fireEvent.change(within(card).getByLabelText(/Display Name/), { target: { value: 'Kim' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save Name' }));
    await waitFor(() => expect(stored()).toMatchObject({ displayName: 'Kim' }));
    expect(stored()).toMatchObject({
      userId: uid,
      email: 'kim@example.com',
      createdAt: expect.any(Number),
      currentWeight: 180,
    });
  });

  it('is not shown to a named user', async () => {
    setup({ displayName: 'Kim' });
    await screen.findByRole('heading', { name: 'Your dashboard' });
    await profileLoaded();
    expect(screen.queryByRole('region', { name: 'Choose your display name' })).toBeNull();
  });

  it('Not now hides it for this visit, moves focus to the heading, and writes nothing', async () => {
    const { view, stored, App } = setup({ displayName: '' });
    const card = await prompt();
    fireEvent.click(within(card).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: 'Choose your display name' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Your dashboard' })).toHaveFocus();
    view.unmount();
    render(<App />); // back on /user in the same page load: still put off
    await screen.findByRole('heading', { name: 'Your dashboard' });
    await profileLoaded();
    expect(screen.queryByRole('region', { name: 'Choose your display name' })).toBeNull();
    expect(stored()?.displayName).toBe('');
  });

  it('goes on to the page asked for before sign-up once named, and never off the app', async () => {
    setup({ displayName: '' }, '/user?next=%2Fcommunity');
    const card = await prompt();
    fireEvent.change(within(card).getByLabelText(/Display Name/), { target: { value: 'Kim' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save Name' }));
    await screen.findByText('Community page');

    setup({ displayName: 'Kim' }, '/user?next=%2F%2Fevil.com');
    await screen.findByRole('heading', { name: 'Your dashboard' });
  });

  it.each([
    ['en-US', 'Imperial (lbs, inches)'],
    ['de-DE', 'Metric (kg, cm)'],
    ['en-GB', 'Metric (kg, cm)'],
  ])('asks the units with the name, preset from the browser (%s: %s)', async (locale, preset) => {
    browserLocale(locale);
    setup({ displayName: '' });
    const card = await prompt();
    const units = within(card).getByRole('radiogroup', { name: 'Units' });
    expect(within(units).getByRole('radio', { name: preset })).toBeChecked();
  });

  it('presets no gender, and saves the name with the units and the gender chosen', async () => {
    browserLocale('en-US');
    const { stored } = setup({ displayName: '' });
    const card = await prompt();
    const gender = within(card).getByRole('radiogroup', { name: 'Gender' });
    for (const radio of within(gender).getAllByRole('radio')) expect(radio).not.toBeChecked();
    fireEvent.click(within(card).getByRole('radio', { name: 'Metric (kg, cm)' }));
    fireEvent.click(within(gender).getByRole('radio', { name: 'Female' }));
    fireEvent.change(within(card).getByLabelText(/Display Name/), { target: { value: 'Kim' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save Name' }));
    await waitFor(() =>
      expect(stored()).toMatchObject({ displayName: 'Kim', unitSystem: 'metric', gender: 'Female' }),
    );
  });

  it('leaves the gender unset when none is chosen, and saves the preset units', async () => {
    browserLocale('en-US');
    const { stored } = setup({ displayName: '' });
    const card = await prompt();
    fireEvent.change(within(card).getByLabelText(/Display Name/), { target: { value: 'Kim' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save Name' }));
    await waitFor(() => expect(stored()).toMatchObject({ displayName: 'Kim', unitSystem: 'imperial' }));
    expect(stored()).not.toHaveProperty('gender');
  });

  it('refuses a blank name with the units and gender chosen, and writes none of them', async () => {
    const { stored } = setup({ displayName: '' });
    const card = await prompt();
    fireEvent.click(within(card).getByRole('radio', { name: 'Male' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Save Name' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Display Name is required.');
    expect(stored()).not.toHaveProperty('gender');
    expect(stored()).not.toHaveProperty('unitSystem');
  });
});
