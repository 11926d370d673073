/** Units and height on the Account page's "Your Information". */
import type { UserProfile } from '@fit/shared/model';
import { paths } from '@fit/shared/model';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../app/theme/index.ts';
import { createQueryClient } from '../../data/connection.ts';
import { SessionUserContext, StoreContext } from '../../data/context.tsx';
import { ProfileSection } from './ProfileSection.tsx';

const UID = 'u1';

/** A store whose writes are counted, so a refused save can be shown to write nothing. */
class CountingStore extends MemoryStore {
  commits = 0;
  override async commit(...args: Parameters<MemoryStore['commit']>) {
    this.commits++;
    return super.commit(...args);
  }
}

function renderSection(profile: Partial<UserProfile>) {
  const store = new CountingStore();
  const doc = { userId: UID, email: 'sam@example.com', createdAt: 1, displayName: 'Sam', ...profile };
  store.seed({ [paths.user(UID)]: { ...doc } });
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={createQueryClient(() => {})}>
        <StoreContext.Provider value={store}>
          <SessionUserContext.Provider value={{ uid: UID, email: 'sam@example.com', emailVerified: true }}>
            <ProfileSection profile={doc as UserProfile} />
          </SessionUserContext.Provider>
        </StoreContext.Provider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return store;
}

const stored = (store: MemoryStore) => store.snapshot()[paths.user(UID)];

describe('an imperial user', () => {
  it('is refused height 1.8 with a message naming inches, and nothing is written', async () => {
    const store = renderSection({ unitSystem: 'imperial', height: 70 });
    const height = await screen.findByLabelText('Height (inches)');
    expect(height).toHaveValue('70');
    fireEvent.change(height, { target: { value: '1.8' } });
    const commits = store.commits;
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Height must be between 36 and 108 inches.')).toBeInTheDocument();
    expect(store.commits).toBe(commits);
    expect(stored(store)).toMatchObject({ height: 70 });
  });

  it('switches to metric on the Account page: the typed height converts, and both are saved', async () => {
    const store = renderSection({ unitSystem: 'imperial', height: 70 });
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Units' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Metric (kg, cm)' }));
    const height = await screen.findByLabelText('Height (cm)');
    expect(height).toHaveValue('177.8');
    fireEvent.change(height, { target: { value: '180' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(stored(store)).toMatchObject({ unitSystem: 'metric', height: 70.87 }));
  });
});
