/**
 * The page's one inline script, run before the first paint (it replaced public/color-scheme.js, a
 * render-blocking request revalidated on every load): it names the colour scheme on <html> so that
 * neither the loading shell nor the app flashes the other one, the scheme chosen on the Account page
 * (MUI's own key, `mui-mode`: light | dark | system) else the system's, and keeps the browser's
 * bar colour (`<meta name="theme-color">`, one per scheme in index.html) on the scheme shown, also
 * when the person picks one against the system's (MUI then changes the attribute; the observer
 * follows). On /user it also names today's quote for the loading shell (dashboard-shell.ts).
 *
 * Allowed by its hash alone (BOOT_SCRIPT_CSP_SOURCE), never by 'unsafe-inline': firebase.json's CSP
 * carries it, and web/test/boot-script.test.ts holds it to this text. The text is a plain string,
 * hashed exactly as the page carries it: change it and update firebase.json by hand (the test says
 * what to write).
 */
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { QUOTE_ATTRIBUTE, QUOTE_INDEX_EXPRESSION } from './dashboard-shell.ts';
import { replaceMarker } from './html-marker.ts';
import { SIGNED_IN_ROUTE_MODULES } from './route-pages.ts';

/** The signed-in pages' paths (route-pages.ts), as a regular expression literal. */
const SIGNED_IN_PATH = `/^\\/(${Object.keys(SIGNED_IN_ROUTE_MODULES).join('|')})\\/?$/`;

/** The type the build gives index.html's entry script: the boot script starts it (see there). */
export const DEFERRED_ENTRY_TYPE = 'fit/module';

export const BOOT_SCRIPT = `(() => {
  const root = document.documentElement;
  const attribute = 'data-mui-color-scheme';
  let mode = 'system';
  try {
    mode = localStorage.getItem('mui-mode') || 'system';
  } catch {
    // Storage refused (privacy settings): follow the system.
  }
  const dark =
    mode === 'dark' ||
    (mode !== 'light' && typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches);
  root.setAttribute(attribute, dark ? 'dark' : 'light');
  const paintBar = () => {
    const shown = root.getAttribute(attribute);
    if (shown !== 'light' && shown !== 'dark') return;
    for (const meta of document.querySelectorAll('meta[name="theme-color"][data-scheme]'))
      meta.setAttribute('media', meta.getAttribute('data-scheme') === shown ? 'all' : 'not all');
  };
  paintBar();
  if (typeof MutationObserver === 'function')
    new MutationObserver(paintBar).observe(root, { attributes: true, attributeFilter: [attribute] });
  // /user's loading shell shows today's quote of the day, the one the app then draws there.
  if (/^\\/user\\/?$/.test(location.pathname)) {
    const now = new Date();
    root.setAttribute('${QUOTE_ATTRIBUTE}', String(${QUOTE_INDEX_EXPRESSION}));
  }
  // The app's code starts once the loading shell is on screen. The build gives index.html's entry
  // script a type the browser does not run (its modules load meanwhile: modulepreload); it runs
  // here, after the first frame of the parsed page (at once in a hidden tab, which draws none).
  // Run by the parser, its first long task could come before any frame: the page stayed blank
  // until the app drew it.
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const held of document.querySelectorAll('script[type="${DEFERRED_ENTRY_TYPE}"]')) {
      const script = document.createElement('script');
      script.type = 'module';
      const cors = held.getAttribute('crossorigin');
      if (cors !== null) script.crossOrigin = cors;
      script.src = held.getAttribute('src');
      held.replaceWith(script);
    }
  };
  const afterFirstFrame = () => {
    if (document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') return start();
    requestAnimationFrame(() => setTimeout(start, 0));
    // A frame that does not come soon: Lighthouse's Chrome often gave none before the app ran.
    setTimeout(start, 200);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterFirstFrame);
  else afterFirstFrame();
  // Intl's first use, on another thread while the page loads (public/intl-warmup.js says why):
  // on the signed-in pages, the ones whose first render formats dates and numbers.
  try {
    if (typeof Worker === 'function' && ${SIGNED_IN_PATH}.test(location.pathname)) new Worker('/intl-warmup.js');
  } catch {
    // No worker (a browser without them, a policy refusing them): the app's first date pays it.
  }
})();`;

/** The CSP source that allows exactly BOOT_SCRIPT: `'sha256-…'`. */
export const BOOT_SCRIPT_CSP_SOURCE = `'sha256-${createHash('sha256').update(BOOT_SCRIPT, 'utf8').digest('base64')}'`;

/** Where index.html takes the script (a comment, so the source file stays a plain page). */
export const BOOT_SCRIPT_MARKER = '<!-- fit:boot-script -->';

/** Puts BOOT_SCRIPT in place of the marker, in the build and the dev server alike. */
export function bootScript(): Plugin {
  return replaceMarker(
    'fit-boot-script',
    BOOT_SCRIPT_MARKER,
    'the boot script',
    () => `<script>${BOOT_SCRIPT}</script>`,
  );
}

/** index.html's entry script, as the build writes it: `<script type="module" … src="/assets/…">`. */
const ENTRY_SCRIPT = /<script type="module"( crossorigin)? src="(\/assets\/[^"]+\.js)"><\/script>/g;

/** The entry script held for the boot script to start (DEFERRED_ENTRY_TYPE): one, or the build fails. */
export function deferEntry(html: string): string {
  const found = [...html.matchAll(ENTRY_SCRIPT)];
  if (found.length !== 1)
    throw new Error(`defer-entry: index.html has ${found.length} entry scripts, not one`);
  return html.replace(ENTRY_SCRIPT, `<script type="${DEFERRED_ENTRY_TYPE}"$1 src="$2"></script>`);
}

/** The address of the entry `deferEntry` held, in a built index.html (the offline shell caches it). */
export function heldEntry(html: string): string | undefined {
  const held = new RegExp(
    `<script type="${DEFERRED_ENTRY_TYPE}"(?: crossorigin)? src="(/assets/[^"]+\\.js)"></script>`,
  );
  return held.exec(html)?.[1];
}

/**
 * The build's half of starting the app after the first frame (BOOT_SCRIPT has the other): the
 * dev server keeps the entry as it is, its modules are not a build.
 */
export function deferredEntry(): Plugin {
  return {
    name: 'fit-deferred-entry',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: deferEntry },
  };
}
