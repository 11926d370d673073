import { useEffect, useState } from 'react';

/**
 * `read()`'s value, read again every `tickMs` and when the page shows again (a device woken), so what
 * depends on the time is right without a reload. `read` and `same` must keep their identity.
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
