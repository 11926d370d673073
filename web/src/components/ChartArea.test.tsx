import { act, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { ChartArea } from './ChartArea.tsx';

afterEach(() => vi.unstubAllGlobals());

it('draws the chart only once its place comes near the screen', () => {
  let seen: (entries: { isIntersecting: boolean }[]) => void = () => {};
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: typeof seen) {
        seen = callback;
      }
      observe() {}
      disconnect() {}
    },
  );
  render(
    <ChartArea height={200}>
      <p>drawn</p>
    </ChartArea>,
  );
  expect(screen.queryByText('drawn')).toBeNull();
  act(() => seen([{ isIntersecting: false }]));
  expect(screen.queryByText('drawn')).toBeNull();
  act(() => seen([{ isIntersecting: true }]));
  expect(screen.getByText('drawn')).toBeInTheDocument();
});
