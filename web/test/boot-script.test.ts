/**
 * The inline boot script (web/build/boot-script.ts): index.html carries it once, both CSPs allow it
 * by its hash and nothing else inline, and it names the scheme before the first paint and keeps the
 * browser's bar colour (meta theme-color) on the scheme shown; the app's entry script, held by the
 * build, starts after the first frame of the parsed page.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { browserTimeZone, localDate } from '@fit/shared/periods';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BOOT_SCRIPT,
  BOOT_SCRIPT_CSP_SOURCE,
  BOOT_SCRIPT_MARKER,
  bootScript,
  DEFERRED_ENTRY_TYPE,
  deferEntry,
  heldEntry,
} from '../build/boot-script.ts';
import { QUOTE_ATTRIBUTE } from '../build/dashboard-shell.ts';
import { QUOTES } from '../src/features/dashboard/quote-texts.ts';
import { quoteOfTheDay } from '../src/features/dashboard/quotes.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const INDEX = readFileSync(join(ROOT, 'web', 'index.html'), 'utf8');

/** index.html as the build writes it (the plugin's transform). */
function builtIndex(): string {
  const hook = bootScript().transformIndexHtml as { handler: (html: string) => string };
  return hook.handler(INDEX);
}

const scriptSrcOf = (csp: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('script-src '));

describe('the boot script in the page and the CSPs', () => {
  it('is inlined once, in place of the marker, and hashes to the CSP source', () => {
    const html = builtIndex();
    expect(html).not.toContain(BOOT_SCRIPT_MARKER);
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
    expect(inline).toEqual([BOOT_SCRIPT]);
    const hash = `'sha256-${createHash('sha256')
      .update(inline[0] ?? '')
      .digest('base64')}'`;
    expect(hash).toBe(BOOT_SCRIPT_CSP_SOURCE);
    // No request left for it (it used to be /color-scheme.js, blocking the first paint).
    expect(html).not.toMatch(/<script[^>]+src="\/(?!src\/)/);
  });

  it('refuses an index.html without the marker, or with two', () => {
    const hook = bootScript().transformIndexHtml as { handler: (html: string) => string };
    expect(() => hook.handler('<html><head></head></html>')).toThrow(/fit:boot-script/);
    expect(() => hook.handler(`${BOOT_SCRIPT_MARKER}${BOOT_SCRIPT_MARKER}`)).toThrow(/fit:boot-script/);
  });

  it("firebase.json's CSP allows it by this hash, and no other inline script", () => {
    const config = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as {
      hosting: { headers: { headers: { key: string; value: string }[] }[] };
    };
    const csp = config.hosting.headers
      .flatMap((rule) => rule.headers)
      .find((h) => h.key === 'Content-Security-Policy')?.value;
    const scriptSrc = scriptSrcOf(csp ?? '') ?? '';
    expect(
      scriptSrc.split(/\s+/).includes(BOOT_SCRIPT_CSP_SOURCE),
      `firebase.json's script-src must name ${BOOT_SCRIPT_CSP_SOURCE} (the boot script changed)`,
    ).toBe(true);
    expect(scriptSrc.match(/'sha256-/g)).toHaveLength(1);
    expect(scriptSrc).not.toContain('unsafe-inline');
  });
});

describe('what the boot script does before the first paint', () => {
  const root = document.documentElement;
  const bar = () =>
    Object.fromEntries(
      [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')].map((m) => [
        m.getAttribute('data-scheme'),
        { color: m.getAttribute('content'), applies: m.getAttribute('media') },
      ]),
    );
  const systemDark = (dark: boolean) =>
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({ matches: dark && query === '(prefers-color-scheme: dark)' })),
    );
  const run = () => new Function(BOOT_SCRIPT)();

  beforeEach(() => {
    // The page's own theme-color pair, from index.html.
    const head = new DOMParser().parseFromString(INDEX, 'text/html').head;
    document.head.replaceChildren(
      ...[...head.querySelectorAll('meta[name="theme-color"]')].map((m) => document.importNode(m, true)),
    );
    root.removeAttribute('data-mui-color-scheme');
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.head.replaceChildren();
  });

  it('index.html has one bar colour per scheme, each for its system setting before any script', () => {
    expect(bar()).toEqual({
      light: { color: '#4338ca', applies: '(prefers-color-scheme: light)' },
      dark: { color: '#161a2e', applies: '(prefers-color-scheme: dark)' },
    });
  });

  it('follows the system when nothing is chosen', () => {
    systemDark(true);
    run();
    expect(root.getAttribute('data-mui-color-scheme')).toBe('dark');
    expect(bar()).toMatchObject({ light: { applies: 'not all' }, dark: { applies: 'all' } });
  });

  it('a scheme chosen against the system wins, the bar included', () => {
    systemDark(false);
    localStorage.setItem('mui-mode', 'dark');
    run();
    expect(root.getAttribute('data-mui-color-scheme')).toBe('dark');
    expect(bar()).toMatchObject({ light: { applies: 'not all' }, dark: { applies: 'all' } });
  });

  it('when the app switches the scheme (the Appearance toggle), the bar follows', async () => {
    systemDark(false);
    run();
    expect(bar()).toMatchObject({ light: { applies: 'all' }, dark: { applies: 'not all' } });
    root.setAttribute('data-mui-color-scheme', 'dark');
    await vi.waitFor(() =>
      expect(bar()).toMatchObject({ light: { applies: 'not all' }, dark: { applies: 'all' } }),
    );
    root.setAttribute('data-mui-color-scheme', 'light');
    await vi.waitFor(() =>
      expect(bar()).toMatchObject({ light: { applies: 'all' }, dark: { applies: 'not all' } }),
    );
  });

  it("starts Intl's warm-up worker on the signed-in pages only, and names the scheme where workers are missing or refused", () => {
    const Worker = vi.fn();
    vi.stubGlobal('Worker', Worker);
    const started = (path: string) => {
      history.replaceState(null, '', path);
      Worker.mockClear();
      run();
      return Worker.mock.calls;
    };
    for (const path of ['/user', '/community/', '/account?x=1'])
      expect(started(path), path).toEqual([['/intl-warmup.js']]);
    for (const path of ['/', '/login', '/signup', '/users', '/user/x', '/verify-email'])
      expect(started(path), path).toEqual([]);
    history.replaceState(null, '', '/user');
    for (const refused of [
      undefined,
      vi.fn(() => {
        throw new DOMException('refused by the page policy', 'SecurityError');
      }),
    ]) {
      vi.stubGlobal('Worker', refused);
      root.removeAttribute('data-mui-color-scheme');
      systemDark(true);
      expect(run).not.toThrow();
      expect(root.getAttribute('data-mui-color-scheme')).toBe('dark');
    }
  });

  it("names today's quote on /user only: the one quoteOfTheDay gives for the local date, every day", () => {
    vi.stubGlobal('Worker', vi.fn());
    history.replaceState(null, '', '/community');
    root.removeAttribute(QUOTE_ATTRIBUTE);
    run();
    expect(root.hasAttribute(QUOTE_ATTRIBUTE)).toBe(false);
    history.replaceState(null, '', '/user');
    vi.useFakeTimers();
    try {
      // Over a year of days, local midnight and just before the next (the zone is the machine's).
      for (let day = 0; day < 400; day++)
        for (const [hours, minutes] of [
          [0, 0],
          [23, 59],
        ] as const) {
          const now = new Date(2026, 0, 1 + day, hours, minutes);
          vi.setSystemTime(now);
          run();
          const today = localDate(now.getTime(), browserTimeZone());
          const shown = QUOTES[Number(root.getAttribute(QUOTE_ATTRIBUTE))];
          expect(shown, today).toBe(quoteOfTheDay(today));
        }
    } finally {
      vi.useRealTimers();
      root.removeAttribute(QUOTE_ATTRIBUTE);
    }
  });

  it("the warm-up worker's script makes its formatters and ends its thread", () => {
    const source = readFileSync(join(ROOT, 'web', 'public', 'intl-warmup.js'), 'utf8');
    const close = vi.fn();
    const made: string[] = [];
    const counted = <T extends object>(name: string, real: T) =>
      new Proxy(real as T & (new (...args: unknown[]) => object), {
        construct: (target, args) => {
          made.push(name);
          return new target(...args);
        },
        apply: (target, self, args) => {
          made.push(name);
          return Reflect.apply(target, self, args);
        },
      });
    const intl = {
      NumberFormat: counted('NumberFormat', Intl.NumberFormat),
      DateTimeFormat: counted('DateTimeFormat', Intl.DateTimeFormat),
    };
    new Function('close', 'Intl', source)(close, intl);
    expect(new Set(made)).toEqual(new Set(['NumberFormat', 'DateTimeFormat']));
    expect(close).toHaveBeenCalledOnce();
  });

  it('storage refused: the system decides; no matchMedia at all: light', () => {
    systemDark(true);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    run();
    expect(root.getAttribute('data-mui-color-scheme')).toBe('dark');
    vi.stubGlobal('matchMedia', undefined);
    run();
    expect(root.getAttribute('data-mui-color-scheme')).toBe('light');
  });
});

describe('starting the app after the first frame', () => {
  const ENTRY = '<script type="module" crossorigin src="/assets/index-AbC123.js"></script>';
  const held = () => document.body.querySelector(`script[type="${DEFERRED_ENTRY_TYPE}"]`);
  const started = () => document.body.querySelector<HTMLScriptElement>('script[type="module"]');
  let frames: FrameRequestCallback[];

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    document.body.innerHTML = deferEntry(`<div id="boot"></div>${ENTRY}`);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(document, 'visibilityState');
    Reflect.deleteProperty(document, 'readyState');
    document.body.replaceChildren();
  });

  it('the build holds the entry script in a type the browser does not run, one entry or it fails', () => {
    expect(deferEntry(ENTRY)).toBe(
      `<script type="${DEFERRED_ENTRY_TYPE}" crossorigin src="/assets/index-AbC123.js"></script>`,
    );
    expect(() => deferEntry('<script src="/assets/x.js"></script>')).toThrow(/0 entry scripts/);
    expect(() => deferEntry(ENTRY + ENTRY)).toThrow(/2 entry scripts/);
    // What the offline shell reads back as the entry to cache: the held one only.
    expect(heldEntry(`<html>${deferEntry(ENTRY)}</html>`)).toBe('/assets/index-AbC123.js');
    expect(heldEntry(deferEntry(ENTRY.replace(' crossorigin', '')))).toBe('/assets/index-AbC123.js');
    expect(heldEntry(ENTRY)).toBeUndefined();
  });

  it('runs it after the first frame, as a module script of the same file and CORS mode, once', () => {
    new Function(BOOT_SCRIPT)();
    expect(started()).toBeNull();
    for (const frame of frames) frame(0); // the first frame paints the loading shell
    expect(started()).toBeNull(); // not inside the frame: after it
    vi.advanceTimersByTime(0);
    expect(held()).toBeNull();
    expect(started()?.getAttribute('src')).toBe('/assets/index-AbC123.js');
    expect(started()?.getAttribute('crossorigin')).toBe('');
    vi.advanceTimersByTime(1_000); // the fallback finds it started
    expect(document.body.querySelectorAll('script')).toHaveLength(1);
  });

  it('waits for the page to be parsed', () => {
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
    new Function(BOOT_SCRIPT)();
    expect(frames).toHaveLength(0);
    document.dispatchEvent(new Event('DOMContentLoaded'));
    for (const frame of frames) frame(0);
    vi.advanceTimersByTime(0);
    expect(started()).not.toBeNull();
  });

  it('does not wait more than 200 ms for a frame, nor at all in a hidden tab (which draws none)', () => {
    new Function(BOOT_SCRIPT)();
    vi.advanceTimersByTime(199);
    expect(started()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(started()).not.toBeNull();

    document.body.innerHTML = deferEntry(ENTRY);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    new Function(BOOT_SCRIPT)();
    expect(started()).not.toBeNull();
  });
});
