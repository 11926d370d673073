/**
 * The dark theme, in the browser against the real stack: with the system set to dark, every route
 * (/, /login, /user, /community, /account) and a popup render dark and axe-core finds no colour
 * contrast failure, nor in light, at 390 and 1280 px (screenshots of each); the keyboard focus ring
 * is 2-3 px and stands out >= 3:1 in both schemes; the Account page's toggle switches the theme and
 * the browser's bar colour (meta theme-color) and is remembered across a reload, already on the
 * page before the app's code arrives (MUI's inline InitColorSchemeScript, under the page's real CSP).
 * Signed in as the seeded demo account (read only: charts, boards and posts on every page).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animationsDone, axeViolations } from './axe.ts';
import { showCharts } from './people.ts';
import { APP_URL, launchBrowser, screenshot } from './stack.ts';

type Scheme = 'light' | 'dark';
const SCHEMES: readonly Scheme[] = ['dark', 'light'];

let browser: Browser;
const errors: string[] = [];

/**
 * A context as a phone or a desktop. axe is injected into pages, so the CSP is bypassed, except where
 * the page's own CSP is under test (`enforceCsp`: the inline colour-scheme script must run under it).
 */
async function openContext(
  width: number,
  { enforceCsp = false } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    baseURL: APP_URL,
    colorScheme: 'dark',
    bypassCSP: !enforceCsp,
    // The service worker would serve the app's code from its cache, past the route that holds it
    // back to show the page before the app (and Playwright's routes do not see its requests).
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  // A script the CSP refuses is no page error, only a console line.
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) errors.push(m.text());
  });
  return { context, page };
}

/** axe-core's colour checks on the page as it is (an open dialog included): failures as text. */
const contrastFailures = (page: Page) =>
  axeViolations(page, undefined, ['color-contrast', 'link-in-text-block']);

/** Relative luminance (0 black, 1 white) of a computed `rgb(...)` / `rgba(...)` colour. */
function luminance(css: string): number {
  const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** The scheme the page shows: its attribute on <html> and the page's computed background. */
async function shown(page: Page): Promise<{ scheme: string | null; background: string }> {
  return page.evaluate(() => ({
    scheme: document.documentElement.getAttribute('data-mui-color-scheme'),
    background: getComputedStyle(document.body).backgroundColor,
  }));
}

/** A computed colour with no alpha, or alpha 1 (`rgba(0, 0, 0, 0)` is no background at all). */
const opaque = (css: string) => !/^rgba\(/.test(css) || /,\s*1\)$/.test(css);

async function expectScheme(page: Page, scheme: Scheme): Promise<void> {
  await expect.poll(async () => (await shown(page)).scheme).toBe(scheme);
  // The app's own background: until the app has drawn (a page waits for its route's chunks), the
  // page's background is index.html's, in the scheme's colours, and the body has none yet.
  await expect
    .poll(async () => {
      const { background } = await shown(page);
      if (!opaque(background)) return `no background yet (${background})`;
      const fits = scheme === 'dark' ? luminance(background) < 0.05 : luminance(background) > 0.8;
      return fits ? 'fits' : `a ${scheme === 'dark' ? 'light' : 'dark'} background (${background})`;
    })
    .toBe('fits');
}

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill('demo@fittrack.local');
  await page.getByLabel(/^Password/).fill('fittrack-demo');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/user');
}

/** The browser bar's colour: the first `meta[name="theme-color"]` whose media matches, as browsers pick it. */
const barColour = (page: Page) =>
  page.evaluate(() => {
    const metas = [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')];
    return metas.find((m) => !m.media || matchMedia(m.media).matches)?.content ?? null;
  });
const BAR = { light: '#4338ca', dark: '#161a2e' } as const;

/** Waits until the route's content (not its loading placeholders) is there. */
async function settle(page: Page, route: string): Promise<void> {
  if (route === '/user') {
    await page.getByTestId('stat-weekly-minutes').waitFor({ timeout: 20_000 });
    // The progress section is drawn after the dashboard's first paint; its charts below the fold.
    await page.getByRole('heading', { name: 'History' }).scrollIntoViewIfNeeded({ timeout: 20_000 });
    await showCharts(page, { weekly: true, weight: true });
  } else if (route === '/community') {
    await page.getByText('Maya Torres').first().waitFor({ timeout: 20_000 });
  } else if (route === '/account') {
    await page.getByRole('group', { name: 'Theme' }).waitFor({ timeout: 20_000 });
  } else {
    await page.getByRole('heading').first().waitFor();
  }
  // Entering animations (cards, chart lines) end before colours are measured.
  await animationsDone(page);
}

/** Visits `route` and checks it in both schemes (the system's setting, switched live). */
async function checkRoute(page: Page, route: string, width: number, name: string): Promise<string[]> {
  const failures: string[] = [];
  if (route === '/user') await signIn(page);
  else await page.goto(route);
  await settle(page, route);
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectScheme(page, scheme);
    await animationsDone(page); // the charts' colour transitions
    for (const f of await contrastFailures(page)) failures.push(`${scheme} ${width}px ${route}: ${f}`);
    await screenshot(page, `30-theme-${name}-${scheme}-${width}`);
  }
  await page.emulateMedia({ colorScheme: 'dark' });
  return failures;
}

describe('dark theme', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  for (const width of [1280, 390]) {
    it(`every route is dark with the system dark, and AA in both schemes, at ${width} px`, async () => {
      const { context, page } = await openContext(width);
      // The very first paint: the page already follows the system (before the app runs).
      await page.goto('/', { waitUntil: 'commit' });
      await page.waitForSelector('#root', { state: 'attached' });
      expect(
        luminance(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)),
      ).toBeLessThan(0.05);

      const failures: string[] = [];
      const routes: [string, string][] = [
        ['/', 'home'],
        ['/login', 'login'],
        ['/user', 'user'],
        ['/community', 'community'],
        ['/account', 'account'],
      ];
      for (const [route, name] of routes) {
        failures.push(...(await checkRoute(page, route, width, name)));
        if (route === '/user') {
          // A popup, dark too.
          await page.getByRole('button', { name: 'MET values' }).click();
          const dialog = page.getByRole('dialog');
          await dialog.waitFor();
          await animationsDone(page);
          expect(luminance(await dialog.evaluate((e) => getComputedStyle(e).backgroundColor))).toBeLessThan(
            0.05,
          );
          for (const f of await contrastFailures(page)) failures.push(`dialog ${width}px: ${f}`);
          if (width === 1280) await screenshot(page, '30-theme-dialog-dark-1280');
          await page.keyboard.press('Escape');
          await dialog.waitFor({ state: 'detached' });
        }
      }
      expect(failures).toEqual([]);
      await context.close();
    });
  }

  it('shows a 2-3 px focus ring with >= 3:1 contrast in both schemes', async () => {
    const { context, page } = await openContext(1280);
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email' }).click();
    const login = page.getByRole('button', { name: 'Login' });
    for (let i = 0; i < 8 && !(await login.evaluate((e) => e === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectScheme(page, scheme);
      const ring = await login.evaluate((e) => {
        const s = getComputedStyle(e);
        const card = e.closest('.MuiPaper-root') ?? document.body;
        return {
          focused: e.matches(':focus-visible'),
          style: s.outlineStyle,
          width: Number.parseFloat(s.outlineWidth),
          color: s.outlineColor,
          behind: getComputedStyle(card).backgroundColor,
        };
      });
      expect(ring.focused).toBe(true);
      expect(ring.style).toBe('solid');
      expect(ring.width).toBeGreaterThanOrEqual(2);
      expect(ring.width).toBeLessThanOrEqual(3);
      expect(
        contrast(ring.color, ring.behind),
        `${scheme}: ${ring.color} on ${ring.behind}`,
      ).toBeGreaterThanOrEqual(3);
    }
    await context.close();
  });

  it('the Account toggle switches the theme and the bar colour, remembered across a reload (CSP enforced)', async () => {
    const { context, page } = await openContext(1280, { enforceCsp: true });
    await page.emulateMedia({ colorScheme: 'light' });
    await signIn(page);
    await expectScheme(page, 'light');
    expect(await barColour(page)).toBe(BAR.light);
    await page.goto('/account');
    const theme = page.getByRole('group', { name: 'Theme' });
    await expect
      .poll(() => theme.getByRole('button', { name: 'System' }).getAttribute('aria-pressed'))
      .toBe('true');

    await theme.getByRole('button', { name: 'Dark' }).click();
    await expectScheme(page, 'dark');
    // Dark chosen against a light system: the browser's bar follows the choice, not the system.
    await expect.poll(() => barColour(page)).toBe(BAR.dark);
    expect(await theme.getByRole('button', { name: 'Dark' }).getAttribute('aria-pressed')).toBe('true');

    await page.reload();
    await expectScheme(page, 'dark');
    await expect
      .poll(() => theme.getByRole('button', { name: 'Dark' }).getAttribute('aria-pressed'))
      .toBe('true');
    await expect.poll(() => barColour(page)).toBe(BAR.dark);

    // No flash of the light theme: with the app's code held back, the page is dark already (MUI's
    // inline script ran under the page's real CSP).
    await page.route('**/assets/**', (route) => route.abort());
    await page.goto('/user');
    await page.waitForSelector('#root', { state: 'attached' });
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-mui-color-scheme'))).toBe(
      'dark',
    );
    expect(
      luminance(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)),
    ).toBeLessThan(0.05);
    await page.unroute('**/assets/**');

    // Back to the system's setting (light here).
    await page.goto('/account');
    await theme.getByRole('button', { name: 'System' }).click();
    await expectScheme(page, 'light');
    await expect.poll(() => barColour(page)).toBe(BAR.light);
    await page.reload();
    await expectScheme(page, 'light');
    expect(await barColour(page)).toBe(BAR.light);
    await context.close();
  });

  it('raised no uncaught page errors', () => {
    expect(errors).toEqual([]);
  });
});
