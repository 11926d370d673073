import { useEffect, useState } from 'react';

/** Where the page reads the time; tests pass their own. */
export type Clock = () => number;

/**
 * The current time, re-read every `tickMs` and whenever the tab becomes visible again, so relative
 * dates stay fresh and the boards roll over at midnight without a reload.
 */
export function useNow(clock: Clock, tickMs: number): number {
  const [now, setNow] = useState(clock);
  useEffect(() => {
    const tick = () => setNow(clock());
    tick();
    const id = setInterval(tick, tickMs);
    const onVisible = () => {
      if (document.visibilityState === 'visible') tick();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(id);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [clock, tickMs]);
  return now;
}
