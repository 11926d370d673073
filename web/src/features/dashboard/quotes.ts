/** The motivational quote of the day: the same for everyone all day, a new one each day. */
import { parseCalendarDate } from '@fit/shared/periods';

import { QUOTES, type Quote } from './quote-texts.ts';

export type { Quote };

/** The quote for a calendar date `YYYY-MM-DD`: consecutive days get consecutive quotes. */
export function quoteOfTheDay(date: string): Quote {
  const d = parseCalendarDate(date);
  const dayNumber = d ? Math.floor(Date.UTC(d.year, d.month - 1, d.day) / 86_400_000) : 0;
  const index = ((dayNumber % QUOTES.length) + QUOTES.length) % QUOTES.length;
  return QUOTES[index] as Quote;
}
