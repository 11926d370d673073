/** The viewer's time zone and today's date there, for the pages that count personal days. */
import { browserTimeZone, localDate } from '@fit/shared/periods';
import { useEffect, useState } from 'react';

export interface Today {
  today: string;
  timeZone: string;
}

function readToday(): Today {
  const timeZone = browserTimeZone();
  return { today: localDate(Date.now(), timeZone), timeZone };
}

/**
 * The viewer's zone and today's date there, re-read every minute and whenever the page shows
 * again, so the page rolls over at midnight (also after a night asleep) and follows the device
 * when its zone changes while the page is open (a traveller's phone).
 */
export function useToday(): Today {
  const [state, setState] = useState(readToday);
  useEffect(() => {
    const tick = () =>
      setState((was) => {
        const now = readToday();
        return now.today === was.today && now.timeZone === was.timeZone ? was : now;
      });
    const timer = setInterval(tick, 60_000);
    const onVisible = () => {
      if (document.visibilityState === 'visible') tick();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  return state;
}
