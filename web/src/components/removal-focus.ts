/**
 * Keeps a keyboard or screen-reader user's place when a popup removes what opened it (a record or a
 * post deleted from its popup). A dialog gives the focus back to its opener when it closes; an
 * opener that is gone (its row left the list, now or when the live list catches up a moment later)
 * drops the focus to <body>, and the next Tab starts over at the top of the page. Here the focus
 * goes instead to the row that took its place (or the one before, when it was the last), else to
 * the heading of its card or popup, and a polite status says what happened.
 */
import { useCallback, useLayoutEffect, useRef } from 'react';

/** Where the opener stood: its list, its position among the list's controls like it, its heading. */
interface Place {
  opener: HTMLElement;
  list: Element | null;
  index: number;
  heading: HTMLElement | null;
  /** The heading's text: the card may have rendered again (its empty state) with a new heading. */
  headingText: string | null;
}

/** Lists of rows (a table, a list, a feed), and the areas whose heading names them. */
const LIST = 'table, ul, ol, [role="list"], [role="feed"]';
const AREA = '[role="dialog"], section, [role="region"]';
/** How long the row may take to leave the list (a live list updates after the write). */
const WATCH_MS = 5000;

/** Controls of the same kind as `opener` in `list` (a row's button among the rows' buttons). */
function likeIn(list: Element, opener: HTMLElement): HTMLElement[] {
  // `data-control` tells apart controls of one row (a post's Delete among its kudos buttons).
  const kind = (el: Element) =>
    [
      el.tagName,
      el.getAttribute('role'),
      el.getAttribute('aria-haspopup'),
      el.getAttribute('data-control'),
    ].join('|');
  return [...list.querySelectorAll<HTMLElement>(opener.tagName)].filter(
    (el) => kind(el) === kind(opener) && !el.hasAttribute('disabled'),
  );
}

function headingOf(opener: HTMLElement): HTMLElement | null {
  const area = opener.closest(AREA);
  if (!area) return null;
  const labelledBy = area.getAttribute('aria-labelledby');
  const named = labelledBy ? document.getElementById(labelledBy.split(/\s+/)[0] ?? '') : null;
  return named ?? area.querySelector<HTMLElement>('h1, h2, h3, h4, h5, h6');
}

export function placeOf(active: Element | null): Place | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const list = active.closest(LIST);
  const heading = headingOf(active);
  return {
    opener: active,
    list,
    index: list ? likeIn(list, active).indexOf(active) : -1,
    heading,
    headingText: heading?.textContent ?? null,
  };
}

/** The place to focus once the opener is gone: the next row, else the previous, else the heading. */
function successor(place: Place): HTMLElement | null {
  if (place.list?.isConnected && place.index >= 0) {
    const rows = likeIn(place.list, place.opener);
    const row = rows[place.index] ?? rows[place.index - 1];
    if (row) return row;
  }
  const heading = place.heading?.isConnected ? place.heading : sameHeading(place.headingText);
  if (heading && heading.tabIndex < 0 && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  return heading;
}

/** The heading on the page that reads `text` (the one of the card that rendered again), if one. */
function sameHeading(text: string | null): HTMLElement | null {
  if (!text) return null;
  const found = [...document.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6')].filter(
    (h) => h.textContent === text,
  );
  return found.length === 1 ? (found[0] as HTMLElement) : null;
}

let region: HTMLElement | null = null;

/** Says `message` politely (a visually hidden status of its own, outside the app's tree). */
export function announce(message: string): void {
  if (!region?.isConnected) {
    region = document.createElement('div');
    region.setAttribute('role', 'status');
    region.setAttribute('aria-live', 'polite');
    region.setAttribute('aria-atomic', 'true');
    region.setAttribute('data-removal-status', '');
    Object.assign(region.style, {
      position: 'absolute',
      width: '1px',
      height: '1px',
      margin: '-1px',
      padding: '0',
      overflow: 'hidden',
      clipPath: 'inset(50%)',
      whiteSpace: 'nowrap',
      border: '0',
    });
    document.body.append(region);
  }
  const target = region;
  target.textContent = '';
  // A change after the clearing, so the same message twice is read twice.
  setTimeout(() => {
    target.textContent = message;
  }, 50);
}

/**
 * Once the opener of `place` is gone and the focus with it (on <body>), focuses its successor and
 * announces `message`; leaves a focus that is anywhere but <body> alone. Watches for `watchMs` (the
 * message is said then all the same). Returns a stop.
 */
export function refocusAfterRemoval(place: Place, message: string, watchMs = WATCH_MS): () => void {
  let done = false;
  let refocused = false;
  const stop = () => {
    done = true;
    observer.disconnect();
    clearTimeout(timer);
  };
  const check = () => {
    if (done) return;
    const active = document.activeElement;
    // The opener still there (the dialog gave it the focus back), or the focus on something else
    // (the closing dialog, or wherever the person put it): nothing to do yet. Once the successor
    // holds the focus and no popup is left, the watch is over.
    if (place.opener.isConnected || (active && active !== document.body)) {
      if (refocused && !document.querySelector('[role="dialog"]')) stop();
      return;
    }
    // The focus may fall while the popup is still open (its Delete button busy, the row already
    // gone): the popup's focus trap then takes it back and drops it again as the popup closes, so
    // this runs again until the popup is gone.
    successor(place)?.focus();
    if (!refocused) announce(message);
    refocused = true;
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { childList: true, subtree: true });
  const timer = setTimeout(() => {
    if (!done && !refocused) announce(message);
    stop();
  }, watchMs);
  check();
  return stop;
}

/**
 * For a popup that may remove its opener: remembers where the focus was as it opens (before the
 * dialog takes it: a layout effect runs before the dialog's focus trap's effect), and returns
 * `removed(message)`, to call when the popup has deleted what opened it.
 */
export function useRemovalFocus(open: boolean): (message: string) => void {
  const place = useRef<Place | null>(null);
  const stop = useRef<(() => void) | null>(null);
  useLayoutEffect(() => {
    if (open) place.current = placeOf(document.activeElement);
  }, [open]);
  // No stop when the popup unmounts: deleting the last record can take the popup's card (and the
  // popup) away before the focus has fallen, and the watch ends by itself within WATCH_MS.
  return useCallback((message: string) => {
    stop.current?.();
    if (place.current) stop.current = refocusAfterRemoval(place.current, message);
    else announce(message);
  }, []);
}
