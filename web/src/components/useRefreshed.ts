import { useEffect, useState } from 'react';

/**
 * `read()`'s value, read again every `tickMs` and whenever the page shows again (a tab brought
 * back, a phone or laptop woken after hours), so that what depends on the time (today's date, "5
 * minutes ago", the bounds of a date field) is right without a reload. While `same` finds nothing
 * changed the value stays the same object (no re-render). `read` and `same` must keep their
 * identity between renders (module functions, or useCallback).
 */
export function useRefreshed<T>(
  read: () => T,
  tickMs: number,
  same: (was: T, now: T) => boolean = Object.is,
): T {
  const [value, setValue] = useState(read);
  useEffect(() => {
    const tick = () =>
      setValue((was) => {
        const now = read();
        return same(was, now) ? was : now;
      });
    tick();
    const timer = setInterval(tick, tickMs);
    const onVisible = () => {
      if (document.visibilityState === 'visible') tick();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [read, tickMs, same]);
  return value;
}
