/**
 * Five tabs of the signed-in app open at once in one browser profile, each live: a post made in
 * one appears in all five without a reload (the browser's six connections per host must not run
 * out: they once did at the second tab). Logout in one of them takes all five to sign-in at once.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot } from './stack.ts';

const TABS = 5;
let browser: Browser;
const errors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('many tabs', () => {
  it('five signed-in tabs are each live', async () => {
    const first = await newPage(browser);
    const { context } = first;
    first.page.on('pageerror', (e) => errors.push(e.message));
    await first.page.goto('/login');
    await first.page.getByLabel('Email').fill('demo@fittrack.local');
    await first.page.getByLabel(/^Password/).fill('fittrack-demo');
    await first.page.getByRole('button', { name: 'Login' }).click();
    await first.page.waitForURL('**/user');
    // Its data loaded before the other tabs open.
    await first.page.getByTestId('stat-weekly-minutes').waitFor({ timeout: 30_000 });

    // The same profile (shared sign-in); every tab on the community page at once.
    const tabs: Page[] = [first.page];
    for (let i = 1; i < TABS; i++) {
      const page = await context.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      tabs.push(page);
    }
    await Promise.all(tabs.map((page) => page.goto('/community')));
    const posts = (page: Page) => page.getByRole('list', { name: 'Posts' });
    await Promise.all(tabs.map((page) => page.getByText('Maya Torres').first().waitFor({ timeout: 30_000 })));

    const stamp = Date.now().toString(36);
    const say = async (from: Page, message: string) => {
      await from.getByLabel('Post message').fill(message);
      await from.getByLabel('Post message').press('Enter');
      await Promise.all(tabs.map((page) => posts(page).getByText(message).waitFor({ timeout: 20_000 })));
    };
    await say(tabs[2] as Page, `Five tabs, all live ${stamp}`);
    await say(tabs[4] as Page, `And back again ${stamp}`);
    await screenshot(tabs[0] as Page, '10-five-tabs');

    // Logout in one tab: the four others leave the person's pages at once for /login, as the first
    // did: the auth SDK tells every tab of the sign-out (its session is in localStorage, whose
    // change reaches them as a storage event), and each stops its Firestore instance
    // (web/src/data/page-backend.ts).
    const [leaving, ...others] = tabs as [Page, ...Page[]];
    await leaving.getByRole('button', { name: 'Logout' }).click();
    await leaving.waitForURL('**/login');
    await Promise.all(
      others.map((page) => page.getByRole('button', { name: 'Login' }).waitFor({ timeout: 15_000 })),
    );
    for (const page of others) expect(new URL(page.url()).pathname).toBe('/login');
    expect(errors).toEqual([]);
    await context.close();
  });
});
