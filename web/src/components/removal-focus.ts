/**
 * When a popup deletes what opened it, the dialog's focus return finds no opener and the focus falls
 * to <body>: here it goes to the row that took its place (or the one before, else the card's
 * heading) instead, and a polite status says what happened.
 */
import { visuallyHidden } from '@mui/utils';
import { useCallback, useLayoutEffect, useRef } from 'react';

/** Where the opener stood: its list, its position among the list's controls like it, its heading. */
type Place = ReturnType<typeof placeOf> & {};

const HEADINGS = 'h1, h2, h3, h4, h5, h6';
/** How long the row may take to leave the list (a live list updates after the write). */
const WATCH_MS = 5000;

/** Controls of the same kind as `opener` in `list`; `data-control` tells one row's controls apart. */
function likeIn(list: Element, opener: HTMLElement): HTMLElement[] {
  const kind = (el: Element) =>
    ['role', 'aria-haspopup', 'data-control'].map((a) => el.getAttribute(a)).join();
  return [...list.querySelectorAll<HTMLElement>(opener.tagName)].filter(
    (el) => kind(el) === kind(opener) && !el.hasAttribute('disabled'),
  );
}

export function placeOf(active: Element | null) {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const list = active.closest('table, ul, ol, [role="list"], [role="feed"]');
  const area = active.closest('[role="dialog"], section, [role="region"]');
  const named = document.getElementById(area?.getAttribute('aria-labelledby')?.split(/\s+/)[0] ?? '');
  const heading = named ?? area?.querySelector<HTMLElement>(HEADINGS) ?? null;
  const index = list ? likeIn(list, active).indexOf(active) : -1;
  // The heading's text too: the card may have rendered again (its empty state) with a new heading.
  return { opener: active, list, index, heading, headingText: heading?.textContent ?? null };
}

/** The place to focus once the opener is gone: the next row, else the previous, else the heading. */
function successor({ opener, list, index, heading, headingText }: Place): HTMLElement | null {
  const rows = list?.isConnected && index >= 0 ? likeIn(list, opener) : [];
  const row = rows[index] ?? rows[index - 1];
  if (row) return row;
  const same = [...document.querySelectorAll<HTMLElement>(HEADINGS)].filter(
    (h) => headingText && h.textContent === headingText,
  );
  const found = heading?.isConnected ? heading : same.length === 1 ? same[0] : null;
  if (found && !found.hasAttribute('tabindex')) found.tabIndex = -1;
  return found ?? null;
}

let region: HTMLElement | null = null;

/** Says `message` politely (a visually hidden status of its own, outside the app's tree). */
export function announce(message: string): void {
  if (!region?.isConnected) {
    region = document.createElement('div');
    const attributes = {
      role: 'status',
      'aria-live': 'polite',
      'aria-atomic': 'true',
      'data-removal-status': '',
    };
    for (const [name, value] of Object.entries(attributes)) region.setAttribute(name, value);
    Object.assign(region.style, visuallyHidden);
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
 * announces `message`; a focus anywhere else is left alone. Watches for `watchMs`; returns a stop.
 */
export function refocusAfterRemoval(place: Place, message: string, watchMs = WATCH_MS): () => void {
  let [done, refocused] = [false, false];
  const stop = () => {
    done = true;
    observer.disconnect();
    clearTimeout(timer);
  };
  const check = () => {
    if (done) return;
    const active = document.activeElement;
    // Opener still there, or focus elsewhere: wait. Once refocused with no popup left, the watch ends.
    if (place.opener.isConnected || (active && active !== document.body)) {
      if (refocused && !document.querySelector('[role="dialog"]')) stop();
      return;
    }
    // The focus may fall while the popup is open; its trap takes it back and drops it again as it
    // closes, so this runs again until the popup is gone.
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
 * For a popup that may remove its opener: remembers the focus as it opens (a layout effect runs
 * before the dialog's focus trap), and returns `removed(message)` to call once it has.
 */
export function useRemovalFocus(open: boolean): (message: string) => void {
  const place = useRef<Place | null>(null);
  const stop = useRef<(() => void) | null>(null);
  useLayoutEffect(() => {
    if (open) place.current = placeOf(document.activeElement);
  }, [open]);
  // No stop on unmount: deleting the last record can take the popup away before the focus falls.
  return useCallback((message: string) => {
    stop.current?.();
    if (place.current) stop.current = refocusAfterRemoval(place.current, message);
    else announce(message);
  }, []);
}
