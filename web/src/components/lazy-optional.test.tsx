/**
 * An optional extra (the top bar's pending-writes marker) whose chunk cannot load renders nothing
 * and says why in the console; what renders beside it stays. A plain React.lazy would throw to
 * the nearest error boundary and take the page with it.
 */
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FallbackOnError } from './FallbackOnError.tsx';
import { lazyOptional } from './lazy-optional.ts';

describe('lazyOptional', () => {
  it('renders nothing when its chunk fails, and leaves what is beside it in place', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const Extra = lazyOptional<{ label: string }>('The extra', () =>
        Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      );
      render(
        <FallbackOnError fallback={<p>The page failed</p>}>
          <Suspense fallback={<p>Loading</p>}>
            <Extra label="x" />
            <p>Beside it</p>
          </Suspense>
        </FallbackOnError>,
      );
      expect(await screen.findByText('Beside it')).toBeInTheDocument();
      expect(screen.queryByText('The page failed')).toBeNull();
      expect(logged).toHaveBeenCalledWith('The extra could not load', expect.any(TypeError));
    } finally {
      logged.mockRestore();
    }
  });

  it('renders the component once its chunk has loaded', async () => {
    const Extra = lazyOptional<{ label: string }>('The extra', async () => ({ label }) => <p>{label}</p>);
    render(
      <Suspense fallback={null}>
        <Extra label="Saved offline" />
      </Suspense>,
    );
    expect(await screen.findByText('Saved offline')).toBeInTheDocument();
  });
});
