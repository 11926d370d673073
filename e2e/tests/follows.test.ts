/**
 * Following, with three people: Ann follows Ben from his name on /community; Cat follows
 * Ben, Ben follows Cat. Following shows Ann only Ben's posts, activities and board places; Ben's
 * profile counts his followers (kept by the follow trigger); Cat hides her exercise info and her
 * profile shows no activities; Cat deletes her account and everyone's counts drop her follows.
 * axe-core on the profile page (an unknown person's too) and the filter at 390 and 1280 px, light
 * and dark.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeContext, axeViolations } from './axe.ts';
import { logActivity, nav, setDisplayName, signUpAndVerify } from './people.ts';
import { accountOf, launchBrowser, newPage, screenshot } from './stack.ts';

const stamp = Date.now().toString(36);
const ann = { email: `ann-f-${stamp}@example.com`, name: `Ann ${stamp}` };
const ben = { email: `ben-f-${stamp}@example.com`, name: `Ben ${stamp}` };
const cat = { email: `cat-f-${stamp}@example.com`, name: `Cat ${stamp}` };
const WIDTHS = [1280, 390] as const;
const SCHEMES = ['light', 'dark'] as const;

let browser: Browser;

/** axe at both widths in both schemes; a screenshot of each for a person to look at. */
async function audit(page: Page, where: string, shot: string, found: string[]): Promise<void> {
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.evaluate(() => window.scrollTo(0, 0));
      const lines = await axeViolations(page);
      if (lines.length > 0) found.push(`${where} at ${width} px, ${scheme} (${page.url()}):`, ...lines);
      await screenshot(page, `40-${shot}-${width}-${scheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Opens the menu of a name in the Recent activities table and picks `item`. */
async function fromName(page: Page, name: string, item: string | RegExp): Promise<void> {
  const table = page.getByRole('table', { name: 'Recent activities' });
  await table.getByRole('button', { name, exact: true }).first().click({ timeout: 240_000 });
  await page.getByRole('menuitem', { name: item }).click();
}

async function post(page: Page, message: string): Promise<void> {
  await page.getByLabel('Post message').fill(message);
  await page.getByLabel('Post message').press('Enter');
}

describe('following: three people', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('filters the feed and boards, counts follows, hides a private profile, and forgets a deleted account', async () => {
    const found: string[] = [];
    const a = await axeContext(browser, 1280);
    const b = await newPage(browser);
    const c = await newPage(browser);
    for (const [page, who] of [
      [a.page, ann],
      [b.page, ben],
      [c.page, cat],
    ] as const) {
      await signUpAndVerify(page, who);
      await setDisplayName(page, who.name);
    }
    for (const [page, who, activity] of [
      [b.page, ben, 'Tai Chi'],
      [c.page, cat, 'Zumba'],
    ] as const) {
      await nav(page, 'User');
      await logActivity(page, activity, 50);
      await nav(page, 'Community');
      await post(page, `Hello from ${who.name}`);
    }

    // Ann follows Ben from his name in the feed.
    await nav(a.page, 'Community');
    await fromName(a.page, ben.name, `Follow ${ben.name}`);
    // Cat follows Ben, Ben follows Cat.
    await fromName(c.page, ben.name, `Follow ${ben.name}`);
    await fromName(b.page, cat.name, `Follow ${cat.name}`);

    // Ben is told, live: two new followers in the top bar; one opens its follower's profile.
    await b.page.getByRole('button', { name: 'Notifications, 2 unread' }).waitFor({ timeout: 60_000 });
    await b.page.getByRole('button', { name: 'Notifications, 2 unread' }).click();
    const told = b.page.getByRole('dialog', { name: 'Notifications' });
    await told.getByText(`${ann.name} started following you`).click();
    await b.page.getByRole('heading', { name: ann.name, level: 1 }).waitFor();
    await b.page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();

    // Following: Ben's post, activity and board place, none of Cat's.
    await a.page.getByRole('button', { name: 'Following', exact: true }).click();
    await a.page.waitForURL('**/community?show=following');
    const activities = a.page.getByRole('table', { name: 'Recent activities' });
    await activities
      .getByRole('button', { name: ben.name, exact: true })
      .first()
      .waitFor({ timeout: 60_000 });
    await a.page.getByText(`Hello from ${ben.name}`).waitFor();
    const minutes = a.page.getByRole('region', { name: 'Minutes' });
    await minutes.getByRole('progressbar', { name: `${ben.name}: 50 min` }).waitFor({ timeout: 60_000 });
    expect(await activities.getByRole('button', { name: cat.name, exact: true }).count()).toBe(0);
    expect(await a.page.getByText(`Hello from ${cat.name}`).count()).toBe(0);
    expect(await minutes.getByRole('progressbar', { name: new RegExp(`^${cat.name}: `) }).count()).toBe(0);
    expect(await minutes.getByRole('progressbar').count()).toBe(1);
    await audit(a.page, '/community, Following', 'community-following', found);
    // A name's menu, open.
    await activities.getByRole('button', { name: ben.name, exact: true }).first().click();
    const menu = a.page.getByRole('menu');
    await menu.getByRole('menuitem', { name: `Unfollow ${ben.name}` }).waitFor();
    for (const line of await axeViolations(a.page, '[role="menu"]')) found.push(`name menu: ${line}`);
    await a.page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });

    // Ben's profile: his counts, kept by the trigger.
    await fromName(a.page, ben.name, 'View profile');
    await a.page.getByRole('heading', { name: ben.name, level: 1 }).waitFor();
    const counts = a.page.getByTestId('person-counts');
    await expect.poll(() => counts.textContent(), { timeout: 60_000 }).toBe('2 followers1 following');
    await a.page.getByTestId('person-activities').getByText('Tai Chi').waitFor({ timeout: 60_000 });
    await a.page.getByRole('button', { name: `Unfollow ${ben.name}` }).waitFor();
    await audit(a.page, '/people (Ben)', 'person', found);

    // Cat hides her exercise info: her profile shows no activities.
    await nav(c.page, 'Account');
    await c.page.getByLabel('Hide my exercise info').check();
    await c.page.getByRole('button', { name: 'Save Profile' }).click();
    await c.page.getByText('Profile saved successfully!').waitFor();
    const catUid = (await accountOf(cat.email))?.localId;
    expect(catUid).toBeDefined();
    await a.page.goto(`/people/${catUid}`);
    await a.page.getByTestId('person-hidden').waitFor({ timeout: 60_000 });
    expect(await a.page.getByTestId('person-activities').count()).toBe(0);
    await expect
      .poll(() => a.page.getByTestId('person-counts').textContent(), { timeout: 60_000 })
      .toBe('1 follower1 following');
    await audit(a.page, '/people (hidden)', 'person-hidden', found);
    // An id no account can have: said at once, no Retry that cannot work.
    await a.page.goto('/people/__x__');
    await a.page.getByText('This person could not be found.').waitFor({ timeout: 60_000 });
    await audit(a.page, '/people (no such person)', 'person-unknown', found);

    // Cat deletes her account: Ben's counts drop her follow both ways.
    await nav(c.page, 'Account');
    await c.page.getByRole('button', { name: 'Delete Account' }).click();
    await c.page.getByRole('dialog').getByRole('button', { name: 'Delete my account' }).click();
    await c.page.waitForURL('**/login', { timeout: 30_000 });
    await a.page.goBack();
    await a.page.goBack();
    await a.page.getByRole('heading', { name: ben.name, level: 1 }).waitFor();
    await expect
      .poll(() => a.page.getByTestId('person-counts').textContent(), { timeout: 60_000 })
      .toBe('1 follower0 following');

    expect(found, `axe violations:\n${found.join('\n')}`).toEqual([]);
    expect([...a.errors, ...b.errors, ...c.errors]).toEqual([]);
    await Promise.all([a.context.close(), b.context.close(), c.context.close()]);
  }, 900_000);
});
