import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { chunk, lazyFrom } from './chunk.ts';

const Page = () => <h1>The page</h1>;

/** Renders `Component` in a Suspense boundary and tells whether its fallback was ever committed. */
function renderCounting(Component: () => React.ReactNode) {
  const fallbacks = vi.fn();
  function Fallback() {
    fallbacks();
    return <p>Loading</p>;
  }
  render(
    <Suspense fallback={<Fallback />}>
      <Component />
    </Suspense>,
  );
  return fallbacks;
}

describe('chunk and lazyFrom', () => {
  it('a chunk already loaded renders in the first commit, with no fallback', async () => {
    const page = chunk(async () => ({ Page }));
    await page();
    const Lazy = lazyFrom(page, 'Page');
    const fallbacks = renderCounting(() => <Lazy />);
    expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(fallbacks).not.toHaveBeenCalled();
  });

  it('a chunk not loaded yet suspends as React.lazy does, then renders', async () => {
    const page = chunk(async () => ({ Page }));
    const Lazy = lazyFrom(page, 'Page');
    const fallbacks = renderCounting(() => <Lazy />);
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(fallbacks).toHaveBeenCalled();
    expect(page.loaded).toEqual({ Page });
  });

  it('loads once however often asked; a failed load is asked for again', async () => {
    const load = vi
      .fn<() => Promise<{ Page: typeof Page }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ Page });
    const page = chunk(load);
    await expect(page()).rejects.toThrow('offline');
    expect(page.loaded).toBeUndefined();
    await act(async () => {
      await Promise.all([page(), page(), page()]);
    });
    expect(load).toHaveBeenCalledTimes(2);
    expect(page.loaded).toEqual({ Page });
  });
});
