/**
 * The app-wide notices (offline, new version) are a chunk of their own, fetched after the first
 * paint. If that chunk cannot load, the notices are missing, but nothing else: ShellStatus sits
 * beside the routes, outside their error boundaries, so a rejection there must not unmount the app.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ShellStatus } from '../src/components/ShellStatus.tsx';

vi.mock('../src/components/ShellNotices.tsx', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('the notices chunk failing to load', () => {
  it('leaves the page that renders beside it in place, and says why in the console', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      render(
        <>
          <h1>The page</h1>
          <ShellStatus keepsOfflineWrites={false} />
        </>,
      );
      await waitFor(() =>
        expect(logged).toHaveBeenCalledWith('The app notices could not load', expect.anything()),
      );
      expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
    } finally {
      logged.mockRestore();
    }
  });
});
