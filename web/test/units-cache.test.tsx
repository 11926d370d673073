/**
 * Units before the profile loads (polish item 5): a metric user on an en-US browser (imperial by
 * default) must not see lbs for a moment on each load. The profile's system is remembered on this
 * device, per user, and stands in until the live profile answers.
 */
import { paths } from '@fit/shared/model';
import type { DocSnapshot, StoreError, Unsubscribe } from '@fit/shared/store';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryKey } from '../src/data/device-memory.ts';
import { useUnits } from '../src/data/units.ts';

const unitCacheKey = (uid: string) => memoryKey('units', uid);

import { Providers, seedStore, TestStore, UID } from './dashboard.tsx';

/** A store whose profile document answers only when released (a slow first read). */
class SlowProfileStore extends TestStore {
  private held: (() => void)[] = [];
  override listenDoc(
    path: string,
    onNext: (doc: DocSnapshot | null) => void,
    onError: (error: StoreError) => void,
  ): Unsubscribe {
    if (path !== paths.user(UID)) return super.listenDoc(path, onNext, onError);
    let stop: Unsubscribe | undefined;
    let stopped = false;
    this.held.push(() => {
      if (!stopped) stop = super.listenDoc(path, onNext, onError);
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }
  release(): void {
    for (const go of this.held.splice(0)) go();
  }
}

function slowStore(profile: { unitSystem?: 'metric' | 'imperial' }): SlowProfileStore {
  const store = new SlowProfileStore();
  store.seed(Object.fromEntries(Object.entries(seedStore({ profile }).snapshot())));
  return store;
}

function Shown() {
  return <output aria-label="units">{useUnits()}</output>;
}
const shown = () => screen.getByRole('status', { name: 'units' }).textContent;

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('the unit system before the profile loads', () => {
  it('the browser is en-US here: imperial is its default', () => {
    expect(navigator.language).toBe('en-US');
  });

  it('shows the system last seen for this user, not the browser default, until the profile answers', async () => {
    const first = slowStore({ unitSystem: 'metric' });
    const visit = render(<Providers store={first}>{<Shown />}</Providers>);
    // Never seen on this device: the browser's default, then the profile's.
    expect(shown()).toBe('imperial');
    await act(async () => first.release());
    await screen.findByText('metric');
    expect(localStorage.getItem(unitCacheKey(UID))).toBe('metric');
    visit.unmount();

    // The next load: metric from the first render, before the profile answers.
    const again = slowStore({ unitSystem: 'metric' });
    render(<Providers store={again}>{<Shown />}</Providers>);
    expect(shown()).toBe('metric');
    await act(async () => again.release());
    expect(shown()).toBe('metric');
  });

  it('follows a change of system, and forgets the choice when the profile has none', async () => {
    localStorage.setItem(unitCacheKey(UID), 'metric');
    const store = slowStore({});
    render(<Providers store={store}>{<Shown />}</Providers>);
    expect(shown()).toBe('metric');
    await act(async () => store.release());
    await screen.findByText('imperial');
    expect(localStorage.getItem(unitCacheKey(UID))).toBeNull();
  });

  it("ignores another user's system and anything that is not a unit system", async () => {
    localStorage.setItem(unitCacheKey('someone-else'), 'metric');
    const store = slowStore({ unitSystem: 'metric' });
    const view = render(<Providers store={store}>{<Shown />}</Providers>);
    expect(shown()).toBe('imperial');
    view.unmount();
    localStorage.setItem(unitCacheKey(UID), 'furlongs');
    render(<Providers store={slowStore({})}>{<Shown />}</Providers>);
    expect(shown()).toBe('imperial');
  });
});
