/**
 * The compiled styles kept for the next visit (style-snapshot.ts): saved when the page is hidden,
 * taken over by the next cache of the same build without compiling them again, and ignored when
 * they are of another build, damaged, too large or when storage is refused.
 */
import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { ThemeProvider } from '@mui/material/styles';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emotionCache, STYLE_SNAPSHOT_KEY } from './style-snapshot.ts';
import { theme } from './theme.ts';

function page(cache: EmotionCache, width = 120) {
  return render(
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>
        <Button variant="contained">Save</Button>
        <Box data-testid="box" sx={{ p: 2, width, bgcolor: 'tint.primary' }} />
      </ThemeProvider>
    </CacheProvider>,
  );
}

/** The page is hidden (closed, another tab): what the cache compiled is saved now. */
const hide = () => window.dispatchEvent(new Event('pagehide'));

function stored(): { build: string; names: string[]; css: string } | null {
  const raw = localStorage.getItem(STYLE_SNAPSHOT_KEY);
  return raw ? JSON.parse(raw) : null;
}

/** The styles `cache` compiled into itself since `spy` began (global styles are not kept in it). */
const compiled = (spy: { mock: { calls: Parameters<EmotionCache['insert']>[] } }) =>
  spy.mock.calls.filter(([, , , shouldCache]) => shouldCache).map(([, serialized]) => serialized.name);

/** The Emotion class of an element (`css-<name>`), by its name. */
const emotionName = (element: Element) =>
  [...element.classList].find((c) => /^css-/.test(c))?.slice('css-'.length);

/** The page is left: the next one starts with a new document (no styles of this one). */
function leave() {
  cleanup();
  for (const style of document.head.querySelectorAll('style[data-emotion]')) style.remove();
}

afterEach(() => {
  vi.restoreAllMocks();
  leave();
  localStorage.clear();
});

describe('style snapshot', () => {
  it("saves a page's compiled styles, which the next visit of the same build takes over without compiling", () => {
    page(emotionCache('build-1'));
    const name = emotionName(screen.getByRole('button', { name: 'Save' }));
    expect(name).toBeTruthy();
    expect(stored()).toBeNull(); // nothing before the page is hidden (or the burst is over)
    hide();
    const snapshot = stored();
    expect(snapshot?.build).toBe('build-1');
    expect(snapshot?.names).toContain(name);
    expect(snapshot?.css).toContain(`.css-${name}`);

    leave();
    const next = emotionCache('build-1');
    const compile = vi.spyOn(next, 'insert');
    page(next);
    expect(compiled(compile)).toEqual([]);
    expect(emotionName(screen.getByRole('button', { name: 'Save' }))).toBe(name);
    const taken = document.head.querySelector(`style[data-emotion^="css "]`);
    expect(taken?.getAttribute('data-emotion')?.split(' ')).toContain(name);
    expect(taken?.textContent).toBe(snapshot?.css);
  });

  it('compiles what the snapshot lacks, and saves the two together', () => {
    page(emotionCache('build-1'), 120);
    hide();
    leave();
    const next = emotionCache('build-1');
    const compile = vi.spyOn(next, 'insert');
    page(next, 240); // a new width: a new style
    expect(compiled(compile).length).toBeGreaterThan(0);
    hide();
    const both = stored();
    const box = emotionName(screen.getByTestId('box'));
    expect(both?.names).toContain(box);
    expect(both?.css).toContain(`.css-${box}`);
    expect(both?.names.length).toBeGreaterThan(1);
  });

  it('keeps each rule as Emotion wrote it (a shorthand holding a variable, then a longhand)', () => {
    // Read back from the browser's style sheet, this rule loses its border (`border-top-width: ;`).
    render(
      <CacheProvider value={emotionCache('build-1')}>
        <Box sx={{ border: '1px solid var(--fit-line)', borderColor: 'red' }} />
      </CacheProvider>,
    );
    hide();
    expect(stored()?.css).toMatch(/border:1px solid var\(--fit-line\);border-color:red;/);
  });

  it('saves on its own once no new style came for two seconds, and again after a later burst', () => {
    vi.useFakeTimers();
    try {
      const cache = emotionCache('build-1');
      page(cache);
      vi.advanceTimersByTime(1_900);
      expect(stored()).toBeNull();
      vi.advanceTimersByTime(2_200); // the render's rules came in a burst: saved within 4 s
      const first = stored()?.names.length ?? 0;
      expect(first).toBeGreaterThan(0);
      // A later part of the page: its rules arrive over three seconds, then stop.
      for (let i = 0; i < 6; i++) {
        cache.sheet.insert(`.late-${i}{color:red;}`);
        vi.advanceTimersByTime(500);
      }
      expect(stored()?.css).not.toMatch(/late-5/); // the burst was still going
      vi.advanceTimersByTime(4_000);
      expect(stored()?.css).toMatch(/\.late-0\{color:red;\}.*\.late-5\{color:red;\}/);
      // Nothing new since: hiding the page saves nothing again.
      const setItem = vi.spyOn(Storage.prototype, 'setItem');
      hide();
      expect(setItem).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it("ignores another build's snapshot, and a damaged one, and compiles as without", () => {
    for (const value of [
      JSON.stringify({ build: 'build-0', names: ['abc'], css: '.css-abc{color:red}' }),
      '{not json',
      JSON.stringify({ build: 'build-1', names: ['a"b'], css: '' }),
      JSON.stringify({ build: 'build-1', names: 'abc', css: '' }),
      JSON.stringify({ build: 'build-1', names: ['abc'] }),
    ]) {
      localStorage.setItem(STYLE_SNAPSHOT_KEY, value);
      const cache = emotionCache('build-1');
      expect(document.head.querySelector(`style[data-emotion^="css "]`)).toBeNull();
      const compile = vi.spyOn(cache, 'insert');
      page(cache);
      expect(compiled(compile).length).toBeGreaterThan(0);
      leave();
    }
  });

  it('keeps nothing past its bound: the entry is dropped, and the next visit saves only its own', () => {
    page(emotionCache('build-1'), 120);
    const first = emotionName(screen.getByTestId('box'));
    hide();
    expect(stored()?.names).toContain(first);
    leave();
    page(emotionCache('build-1', { maxChars: 100 }), 240);
    hide();
    expect(stored()).toBeNull();
    leave();
    page(emotionCache('build-1'), 360);
    hide();
    expect(stored()?.names).toContain(emotionName(screen.getByTestId('box')));
    expect(stored()?.names).not.toContain(first);
  });

  it('works where storage is refused or full, compiling every visit', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    page(emotionCache('build-1'));
    expect(() => hide()).not.toThrow();
    vi.restoreAllMocks();
    leave();

    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('refused', 'SecurityError');
    });
    const cache = emotionCache('build-1');
    const compile = vi.spyOn(cache, 'insert');
    page(cache);
    expect(compiled(compile).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });
});
