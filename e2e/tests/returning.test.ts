/**
 * A returning visitor: a signed-in path is answered with its own page, which preloads the page's
 * chunks (web/build/route-pages.ts), and the page draws for the person last signed in on this
 * device while the auth service checks the saved session; no data is asked for before that check
 * confirms them (session.tsx, deferred-backend.ts). Held here by delaying the check's request.
 * A sign-in page opened by a link has its own page too, and draws without a spinner first. A
 * returning visitor's styles are the ones compiled on the last visit (web/src/app/style-snapshot.ts).
 */
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRESTORE_HOST, launchBrowser, newPage } from './stack.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A request for the person's data: Firestore's. */
function isDataRequest(request: Request): boolean {
  const url = new URL(request.url());
  return url.host === FIRESTORE_HOST || url.pathname.includes('google.firestore.v1.Firestore');
}

/** Holds the auth service's session check (`accounts:lookup`) until `release` is called. */
async function holdSessionCheck(page: Page): Promise<{ release: () => void; released: () => boolean }> {
  let release = () => {};
  let done = false;
  const held = new Promise<void>((resolve) => {
    release = () => {
      done = true;
      resolve();
    };
  });
  await page.route('**/accounts:lookup*', async (route) => {
    await held;
    await route.continue();
  });
  return { release, released: () => done };
}

async function signInAsDemo(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill('demo@fittrack.local');
  await page.getByLabel(/^Password/).fill('fittrack-demo');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('heading', { name: 'Hi, Alex' }).waitFor();
}

describe('a returning visitor', () => {
  it('gets the page at once, its data only once the session is confirmed', async () => {
    const { context, page, errors } = await newPage(browser);
    await signInAsDemo(page);
    await page.goto('about:blank'); // the signed-in page's own channels end with it

    const check = await holdSessionCheck(page);
    const early: string[] = [];
    page.on('request', (request) => {
      if (isDataRequest(request) && !check.released()) early.push(request.url());
    });
    const response = await page.goto('/user');
    // The path's own page: the dashboard's chunk is named in it, beside the entry.
    expect(await response?.text()).toMatch(/<link rel="modulepreload"[^>]*DashboardPage-[^"]+\.js">/);

    await page.getByRole('heading', { name: 'Log Activity' }).waitFor();
    await expect.poll(() => page.locator('main figure blockquote').count()).toBe(1);
    await page.waitForTimeout(1_000);
    expect(early).toEqual([]);
    expect(await page.getByRole('heading', { name: 'Hi, Alex' }).count()).toBe(0);

    check.release();
    await page.getByRole('heading', { name: 'Hi, Alex' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('whose session ended elsewhere goes to sign in, keeping the page, and nothing is read', async () => {
    const { context, page, errors } = await newPage(browser);
    await signInAsDemo(page);
    // The saved session is gone (revoked, signed out in a way this page did not see); what this
    // device remembers of the person is still there.
    await page.goto('/');
    await page.evaluate(async () => {
      for (const key of Object.keys(localStorage))
        if (key.startsWith('firebase:')) localStorage.removeItem(key);
      await new Promise((resolve) => {
        const request = indexedDB.deleteDatabase('firebaseLocalStorageDb');
        request.onsuccess = request.onerror = request.onblocked = resolve;
      });
    });
    expect(
      await page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('fittrack:signed-in:'))),
    ).toBe(true);

    const data: string[] = [];
    page.on('request', (request) => {
      if (isDataRequest(request)) data.push(request.url());
    });
    await page.goto('/community');
    await page.waitForURL('**/login?next=%2Fcommunity');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(data).toEqual([]);
    expect(
      await page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('fittrack:signed-in:'))),
    ).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a sign-in page opened by a link', () => {
  it('is answered with its own page, naming its chunk, and draws in one go (no spinner first)', async () => {
    const { context, page, errors } = await newPage(browser);
    // Anything the app draws under #root before the page's heading: a spinner there is the lazy
    // page suspending (it was, until its chunk was preloaded and the first render waited for it).
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seenBeforeHeading: string[] }).seenBeforeHeading = seen;
      const observer = new MutationObserver(() => {
        if (document.querySelector('#root h1')) return observer.disconnect();
        if (document.querySelector('#root [role="progressbar"]')) seen.push('progressbar');
      });
      observer.observe(document, { subtree: true, childList: true });
    });
    for (const [path, heading, chunk] of [
      ['/login', 'Welcome back', 'LoginPage'],
      ['/signup', 'Create your account', 'SignUpPage'],
    ] as const) {
      const response = await page.goto(path);
      expect(await response?.text()).toMatch(
        new RegExp(`<link rel="modulepreload"[^>]*${chunk}-[^"]+\\.js">`),
      );
      await page.getByRole('heading', { name: heading }).waitFor();
      expect(
        await page.evaluate(() => (window as unknown as { seenBeforeHeading: string[] }).seenBeforeHeading),
      ).toEqual([]);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a signed-in page opened by a link', () => {
  it("paints the loading shell with the page's own heading (/user: its quote) before the app draws the page", async () => {
    const { context, page, errors } = await newPage(browser);
    await signInAsDemo(page);
    await recordFirstLcp(page);
    for (const [path, title, subtitle] of [
      ['/community', 'Community', "Cheer each other on: this period's leaders, posts and fresh workouts."],
      ['/account', 'Account', 'Your details, your daily goal and the activities you track.'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      await page.locator('main').getByText(subtitle).waitFor();
      await expect.poll(() => firstLcp(page)).toEqual([`shell: ${subtitle}`]);
    }
    // /user's heading is the person's; its shell paints the quote of the day, the page's largest
    // text, and it is the one the app then draws in the same place.
    await page.goto('/user');
    await page.getByRole('heading', { name: /^Hi, /, level: 1 }).waitFor();
    const quote = await page.locator('main blockquote').textContent();
    expect(quote).toMatch(/^“.+”$/);
    await expect.poll(() => firstLcp(page)).toEqual([`shell: ${quote}`]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/**
 * Records the page's first largest-contentful-paint candidate at every load: the first text the
 * browser painted big. It is the shell's (index.html's #boot) only if the shell painted before
 * the app took its place.
 */
async function recordFirstLcp(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const firsts: string[] = [];
    (window as unknown as { firstLcp: string[] }).firstLcp = firsts;
    new PerformanceObserver((list) => {
      const [entry] = list.getEntries() as (PerformanceEntry & { element: Element | null })[];
      if (entry && firsts.length === 0)
        firsts.push(`${entry.element?.closest('#boot') ? 'shell' : 'app'}: ${entry.element?.textContent}`);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

const firstLcp = (page: Page) => page.evaluate(() => (window as unknown as { firstLcp: string[] }).firstLcp);

describe("a returning visitor's styles", () => {
  it('are the ones compiled on the last visit, and draw the page as compiling them again does', async () => {
    const { context, page, errors } = await newPage(browser);
    await signInAsDemo(page);
    await page.goto('about:blank'); // leaving the page saves what it compiled
    const first = await settledUser(page);
    await page.goto('about:blank');
    const returning = await settledUser(page);
    // Every style of the page was in the snapshot: none compiled again.
    expect(returning.kept).toBeGreaterThan(100);
    expect(returning.compiled).toBe(0);
    expect(first.compiled + first.kept).toBeGreaterThanOrEqual(returning.kept);

    // The same page with no snapshot compiles its styles, and looks the same, element by element.
    const fresh = await context.newPage();
    await fresh.addInitScript((key) => localStorage.removeItem(key), STYLE_SNAPSHOT_KEY);
    const compiledHere = await settledUser(fresh);
    expect(compiledHere.kept).toBe(0);
    expect(compiledHere.compiled).toBeGreaterThan(100);
    expect(compiledHere.looks.length).toBeGreaterThan(300);
    expect(returning.looks.length).toBe(compiledHere.looks.length);
    const differences = returning.looks.flatMap((look, i) =>
      look === compiledHere.looks[i] ? [] : [`#${i} ${look}\n  without: ${compiledHere.looks[i]}`],
    );
    expect(differences.slice(0, 5), `${differences.length} elements differ`).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** web/src/app/style-snapshot.ts's storage key. */
const STYLE_SNAPSHOT_KEY = 'fit-style-snapshot';

/**
 * /user once it stops changing: each element's look (a few computed properties, in document
 * order), the style rules taken from the snapshot (`kept`) and those compiled on this visit.
 */
async function settledUser(page: Page): Promise<{ looks: string[]; kept: number; compiled: number }> {
  await page.goto('/user');
  await page.getByRole('heading', { name: 'Hi, Alex' }).waitFor();
  const read = () =>
    page.evaluate(() => {
      // Not the side margins: an `auto` one reads as its used value or as 0 (Chromium, for the
      // same box); where the box is (its left edge and width) is compared instead.
      const properties = [
        'display',
        'color',
        'background-color',
        'background-image',
        'font-size',
        'font-weight',
        'padding',
        'margin-top',
        'margin-bottom',
        'border-radius',
        'border-top-width',
        'box-shadow',
        'gap',
      ];
      const looks = [...document.body.querySelectorAll('*')]
        .filter((element) => !['SCRIPT', 'STYLE'].includes(element.tagName))
        .map((element) => {
          const style = getComputedStyle(element);
          const name = `${element.tagName}.${[...element.classList].join('.')}`;
          const box = element.getBoundingClientRect();
          const where = `${Math.round(box.x)}+${Math.round(box.width)}`;
          return `${name} ${where} ${properties.map((p) => style.getPropertyValue(p)).join('|')}`;
        });
      const rules = (selector: string) =>
        [...document.querySelectorAll<HTMLStyleElement>(selector)].reduce(
          (n, s) => n + (s.sheet?.cssRules.length ?? 0),
          0,
        );
      // Emotion's own sheets are `data-emotion="css"`; the snapshot it took over names its classes.
      return {
        looks,
        kept: rules('style[data-emotion^="css "]'),
        compiled: rules('style[data-emotion="css"]'),
      };
    });
  let last = await read();
  for (;;) {
    await page.waitForTimeout(1_000);
    const now = await read();
    if (JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
  }
}
