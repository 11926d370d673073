/**
 * /user's loading shell (user.html): DashboardPage's layout, with the Log Activity card and its
 * quote of the day drawn where the page draws them.
 *
 * The quote is the page's largest text, so it is what the browser reports as the largest
 * contentful paint. Painted from the HTML, it counts when the HTML paints, and the app's own quote,
 * the same text in the same box, does not count again. Every quote is in the page, hidden; the
 * boot script names today's (`QUOTE_ATTRIBUTE` on <html>, the same rule as `quoteOfTheDay`) and
 * the rules written here show that one. The heading is per person, so it stays two bones.
 */
import { QUOTES } from '../src/features/dashboard/quote-texts.ts';

/** The attribute on <html> naming today's quote by its index in QUOTES (set by the boot script). */
export const QUOTE_ATTRIBUTE = 'data-fit-quote';

/**
 * The boot script's expression for today's quote: the local calendar day's number since
 * 1970-01-01, modulo the number of quotes (`quoteOfTheDay` on today's `localDate`).
 */
export const QUOTE_INDEX_EXPRESSION =
  `((Math.floor(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()) / 86400000) % ${QUOTES.length}) + ` +
  `${QUOTES.length}) % ${QUOTES.length}`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** MUI's FormatQuote icon, as the card draws it behind the quote. */
const QUOTE_ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M6 17h3l2-4V7H5v6h3zm8 0h3l2-4V7h-6v6h3z" /></svg>';

/** The heading's place: the title and the date as bones of their lines' heights. */
export const DASHBOARD_HEADING =
  '<div class="head"><div class="title"><i class="bone"></i></div><div class="sub"><i class="bone"></i></div></div>';

/** The cards: Log Activity with every quote (one shown), then the other column's two cards. */
export function dashboardCards(): string {
  const quotes = QUOTES.map(
    (quote, index) =>
      `<blockquote data-q="${index}">“${escapeHtml(quote.text)}”</blockquote>` +
      `<figcaption data-q="${index}">— ${escapeHtml(quote.author)}</figcaption>`,
  ).join('');
  return (
    '<div class="dash"><div class="col"><div class="card log"><div class="name">Log Activity</div>' +
    `<figure class="hero">${QUOTE_ICON}${quotes}</figure><div class="goal"></div></div></div>` +
    '<div class="col"><div class="card"></div><div class="card"></div></div></div>'
  );
}

/** The rules that show today's quote: one per quote, keyed by the boot script's attribute. */
export function quoteRules(): string {
  return QUOTES.map(
    (_, index) => `html[${QUOTE_ATTRIBUTE}="${index}"] #boot .hero [data-q="${index}"]{display:block}`,
  ).join('');
}
