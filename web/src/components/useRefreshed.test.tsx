import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showPage } from '../../test/page-visibility.ts';
import { DateTimeInput } from './DateTimeInput.tsx';
import { useRefreshed } from './useRefreshed.ts';

afterEach(() => {
  vi.useRealTimers();
});

const sameLength = (a: string[], b: string[]) => a.length === b.length;

describe('a value refreshed with time (useRefreshed)', () => {
  it('is read again at every tick, and stays the same object while nothing changed', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let items = ['a'];
    const read = () => [...items];
    const { result } = renderHook(() => useRefreshed(read, 1_000, sameLength));
    const first = result.current;
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toBe(first);
    items = ['a', 'b'];
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toEqual(['a', 'b']);
  });

  it('is read again when the page shows again, before the next tick (a phone woken after hours)', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 10, 27, 7, 0));
    const { result } = renderHook(() => useRefreshed(Date.now, 60_000));
    vi.setSystemTime(Date.UTC(2026, 10, 27, 19, 0));
    act(showPage);
    expect(result.current).toBe(Date.UTC(2026, 10, 27, 19, 0));
  });

  it("keeps a date field's shown now current after the page was hidden for hours", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 27, 7, 5));
    render(<DateTimeInput id="when" value={null} onChange={() => {}} />);
    expect(screen.getByLabelText('Date and time')).toHaveValue('2026-11-27T07:05');
    vi.setSystemTime(new Date(2026, 10, 27, 19, 40));
    act(showPage);
    expect(screen.getByLabelText('Date and time')).toHaveValue('2026-11-27T19:40');
  });
});
