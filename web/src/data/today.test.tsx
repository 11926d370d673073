import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showPage } from '../../test/page-visibility.ts';
import { useToday } from './today.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;

/** The browser's zone as the page reads it (Intl), switched as a device's is when it travels. */
function deviceZone(zone: string) {
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolved.call(this), timeZone: zone };
  });
}

describe("the viewer's today (dashboard, progress)", () => {
  it('rolls over as soon as the page shows again (a laptop woken up after midnight)', () => {
    deviceZone('UTC');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 10, 26, 23, 59, 30));
    const { result } = renderHook(() => useToday());
    expect(result.current.today).toBe('2026-11-26');
    // Asleep overnight: no interval has fired yet when the page shows again.
    vi.setSystemTime(Date.UTC(2026, 10, 27, 7, 0));
    act(showPage);
    expect(result.current.today).toBe('2026-11-27');
  });

  it("follows the device's time zone when it changes while the page is open (a traveller)", () => {
    deviceZone('Europe/Berlin');
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(Date.UTC(2026, 10, 27, 1, 0)); // 02:00 on the 27th in Berlin
    const { result } = renderHook(() => useToday());
    expect(result.current).toEqual({ today: '2026-11-27', timeZone: 'Europe/Berlin' });
    deviceZone('America/New_York'); // landed: 20:00 on the 26th there
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current).toEqual({ today: '2026-11-26', timeZone: 'America/New_York' });
  });
});
