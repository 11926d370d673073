/** The viewer's time zone and today's date there, for the pages that count personal days. */
import { browserTimeZone, localDate } from '@fit/shared/periods';
import { useEffect, useState } from 'react';

export interface Today {
  today: string;
  timeZone: string;
}

function readToday(zone: string | undefined): Today {
  const timeZone = zone ?? browserTimeZone();
  return { today: localDate(Date.now(), timeZone), timeZone };
}

/**
 * The viewer's zone and today's date there, re-read every minute and whenever the page shows
 * again, so the page rolls over at midnight (also after a night asleep) and follows the device
 * when its zone changes while the page is open (a traveller's phone). With `zone`, today's date
 * in that zone instead (a valid IANA name).
 */
export function useToday(zone?: string): Today {
  const [state, setState] = useState(() => readToday(zone));
  useEffect(() => {
    const tick = () =>
      setState((was) => {
        const now = readToday(zone);
        return now.today === was.today && now.timeZone === was.timeZone ? was : now;
      });
    tick();
    const timer = setInterval(tick, 60_000);
    const onVisible = () => {
      if (document.visibilityState === 'visible') tick();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [zone]);
  // A new zone is answered at once, not one render late.
  return zone === undefined || state.timeZone === zone ? state : readToday(zone);
}
