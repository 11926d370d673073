/**
 * A returning visitor: a signed-in page draws for the person last signed in on this device while
 * the auth service checks the saved session; no data is asked for before that check confirms them
 * (session.tsx, page-backend.ts deferredBackend). Held here by delaying the check's request. A sign-in page
 * opened by a link draws without a spinner first (the router renders once its route has loaded).
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
    await page.goto('/user');
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
      // Emptied, not deleted: a deletion the page's open connection blocks stays pending and then
      // holds up the next page's Auth start (it opens this database) until the test times out.
      await new Promise<void>((resolve) => {
        const open = indexedDB.open('firebaseLocalStorageDb');
        open.onupgradeneeded = () => open.transaction?.abort(); // not there: create nothing
        open.onerror = () => resolve();
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('firebaseLocalStorage')) return resolve(db.close());
          const clearing = db.transaction('firebaseLocalStorage', 'readwrite');
          clearing.objectStore('firebaseLocalStorage').clear();
          clearing.oncomplete = clearing.onerror = () => resolve(db.close());
        };
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
  it('draws in one go (no spinner first)', async () => {
    const { context, page, errors } = await newPage(browser);
    // Anything the app draws under #root before the page's heading: a spinner there would be a
    // loading fallback drawn while the page's route module loads.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seenBeforeHeading: string[] }).seenBeforeHeading = seen;
      const observer = new MutationObserver(() => {
        if (document.querySelector('#root h1')) return observer.disconnect();
        if (document.querySelector('#root [role="progressbar"]')) seen.push('progressbar');
      });
      observer.observe(document, { subtree: true, childList: true });
    });
    for (const [path, heading] of [
      ['/login', 'Welcome back'],
      ['/signup', 'Create your account'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading }).waitFor();
      expect(
        await page.evaluate(() => (window as unknown as { seenBeforeHeading: string[] }).seenBeforeHeading),
      ).toEqual([]);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
