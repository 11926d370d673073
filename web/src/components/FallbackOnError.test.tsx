import { render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FallbackOnError } from './FallbackOnError.tsx';

describe('FallbackOnError', () => {
  it('keeps the fallback in place of an extra whose chunk failed to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Missing = lazy(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    );
    render(
      <>
        <FallbackOnError fallback={<p>placeholder</p>}>
          <Suspense fallback={<p>placeholder</p>}>
            <Missing />
          </Suspense>
        </FallbackOnError>
        <p>the rest of the page</p>
      </>,
    );
    await vi.waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(screen.getByText('placeholder')).toBeInTheDocument();
    expect(screen.getByText('the rest of the page')).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
