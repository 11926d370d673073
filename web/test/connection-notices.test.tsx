/**
 * The offline and unreachable notices and a section's "Failed to fetch…" alert never contradict
 * each other (issue 27, item 6): while the app says it is offline, or cannot reach FitTrack, the
 * alert keeps the spec's message and says the same as the notice (it loads again by itself);
 * offline it offers no Retry, which could not load anything.
 */
import { StoreError } from '@fit/shared/store';
import { onlineManager, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LOAD_WAITS_OFFLINE, LOAD_WAITS_UNREACHABLE, LoadFailed } from '../src/components/LoadFailed.tsx';
import { OfflineNotice, UNREACHABLE } from '../src/components/OfflineNotice.tsx';
import { createQueryClient } from '../src/data/connection.ts';

const SPEC = 'Failed to fetch activities. Please try again.';

function Section({ error }: { error: StoreError }) {
  const query = useQuery({
    queryKey: ['section', error.code],
    queryFn: () => Promise.reject(error),
    retry: false,
  });
  return query.isError ? <LoadFailed message={SPEC} /> : <p>loading</p>;
}

function renderPage(error: StoreError) {
  const client = createQueryClient(() => {});
  render(
    <QueryClientProvider client={client}>
      <OfflineNotice />
      <Section error={error} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  act(() => onlineManager.setOnline(true));
});

describe('a failed load beside the connection notices', () => {
  it('server unreachable: the notice and the alert both say it loads again by itself; Retry stays', async () => {
    renderPage(new StoreError('unavailable', 'down'));
    expect(await screen.findByText(SPEC)).toBeInTheDocument();
    expect(screen.getByText(UNREACHABLE)).toBeInTheDocument();
    expect(screen.getByText(LOAD_WAITS_UNREACHABLE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('offline: the alert says it loads when back online, with no Retry; online again, Retry is back', async () => {
    renderPage(new StoreError('unavailable', 'down'));
    await screen.findByText(SPEC);
    act(() => onlineManager.setOnline(false));
    expect(await screen.findByText(LOAD_WAITS_OFFLINE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    // The offline notice is the shell's (ShellStatus); the frame's unreachable one stays away.
    expect(screen.queryByText(UNREACHABLE)).toBeNull();
    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(screen.queryByText(LOAD_WAITS_OFFLINE)).toBeNull());
  });

  it('a refusal while all is well: the spec message and Retry, and no connection words', async () => {
    renderPage(new StoreError('permission-denied', 'no'));
    expect(await screen.findByText(SPEC)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByText(UNREACHABLE)).toBeNull();
    expect(screen.queryByText(LOAD_WAITS_UNREACHABLE)).toBeNull();
    expect(screen.queryByText(LOAD_WAITS_OFFLINE)).toBeNull();
  });
});
