/**
 * Heavy parts below the fold wait for their place to come near the viewport: the placeholder holds
 * it until then, the part stays once drawn, and without IntersectionObserver it draws at once.
 */
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenNearViewport } from './WhenNearViewport.tsx';

type Callback = (entries: { isIntersecting: boolean }[]) => void;
const observers: {
  callback: Callback;
  options: IntersectionObserverInit | undefined;
  disconnected: boolean;
}[] = [];

class FakeObserver {
  readonly record: (typeof observers)[number];
  constructor(callback: Callback, options?: IntersectionObserverInit) {
    this.record = { callback, options, disconnected: false };
    observers.push(this.record);
  }
  observe() {}
  disconnect() {
    this.record.disconnected = true;
  }
}

const view = () => (
  <WhenNearViewport placeholder={<p>placeholder</p>}>
    <p>chart</p>
  </WhenNearViewport>
);

describe('WhenNearViewport', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    observers.length = 0;
  });

  it('shows the placeholder until the place comes near, then the part, for good', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { rerender } = render(view());
    expect(screen.getByText('placeholder')).toBeInTheDocument();
    expect(screen.queryByText('chart')).toBeNull();
    const [observer] = observers;
    expect(observer?.options?.rootMargin).toBe('100% 0px');
    // Still far: nothing changes.
    act(() => observer?.callback([{ isIntersecting: false }]));
    expect(screen.queryByText('chart')).toBeNull();
    await act(async () => observer?.callback([{ isIntersecting: true }]));
    expect(screen.getByText('chart')).toBeInTheDocument();
    expect(screen.queryByText('placeholder')).toBeNull();
    expect(observer?.disconnected).toBe(true);
    rerender(view());
    expect(screen.getByText('chart')).toBeInTheDocument();
    expect(observers).toHaveLength(1);
  });

  it('draws at once where IntersectionObserver is missing', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(view());
    expect(screen.getByText('chart')).toBeInTheDocument();
  });
});
