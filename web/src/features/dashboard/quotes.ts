import { parseCalendarDate } from '@fit/shared/periods';

export interface Quote {
  text: string;
  author: string;
}

const QUOTES: readonly Quote[] = [
  { text: 'The only bad workout is the one that didn’t happen.', author: 'Unknown' },
  { text: 'Take care of your body. It’s the only place you have to live.', author: 'Jim Rohn' },
  { text: 'It never gets easier, you just get better.', author: 'Unknown' },
  { text: 'Motivation is what gets you started. Habit is what keeps you going.', author: 'Jim Ryun' },
  {
    text: 'Strength does not come from what you can do. It comes from overcoming what you once thought you couldn’t.',
    author: 'Rikki Rogers',
  },
  { text: 'Small steps every day add up to big results.', author: 'Unknown' },
  { text: 'The body achieves what the mind believes.', author: 'Napoleon Hill' },
  { text: 'Success is the sum of small efforts, repeated day in and day out.', author: 'Robert Collier' },
  { text: 'You don’t have to be extreme, just consistent.', author: 'Unknown' },
  { text: 'Exercise is a celebration of what your body can do.', author: 'Unknown' },
  { text: 'A one-hour workout is 4% of your day. No excuses.', author: 'Unknown' },
  { text: 'Discipline is choosing between what you want now and what you want most.', author: 'Unknown' },
];

/** The same quote for everyone all day; consecutive days get consecutive quotes. */
export function quoteOfTheDay(date: string): Quote {
  const d = parseCalendarDate(date);
  const day = d ? Math.floor(Date.UTC(d.year, d.month - 1, d.day) / 86_400_000) : 0;
  return QUOTES[((day % QUOTES.length) + QUOTES.length) % QUOTES.length] as Quote;
}
