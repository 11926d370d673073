/** The viewer's time zone and today's date there, for the pages that count personal days. */
import { browserTimeZone, localDate } from '@fit/shared/periods';
import { useCallback } from 'react';
import { useRefreshed } from '../components/useRefreshed.ts';

export interface Today {
  today: string;
  timeZone: string;
}

function readToday(zone: string | undefined): Today {
  const timeZone = zone ?? browserTimeZone();
  return { today: localDate(Date.now(), timeZone), timeZone };
}

const sameDay = (was: Today, now: Today) => was.today === now.today && was.timeZone === now.timeZone;

/**
 * Re-read every minute and when the page shows again, so it rolls over at midnight and follows a
 * traveller's zone. With `zone`, today's date in that zone instead.
 */
export function useToday(zone?: string): Today {
  const read = useCallback(() => readToday(zone), [zone]);
  const state = useRefreshed(read, 60_000, sameDay);
  // A new zone is answered at once, not one render late.
  return zone === undefined || state.timeZone === zone ? state : readToday(zone);
}
