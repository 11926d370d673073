/**
 * Keyboard and screen reader, in the real browser: a keyboard-only person logs two activities in a
 * row and opens and closes a popup (typing, Tab, Enter, Escape: no mouse), with focus asserted at
 * every step; deleting a record from its popup leaves the focus on the next row, then on the card's
 * heading, announced; the page titles and the route announcer; the nav at 320 px; /user's DOM order is its
 * visual order on a phone; a signed-out deep link survives sign-in, and foreign `next`s do not.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nav, signUpAndVerify } from './people.ts';
import { APP_URL, launchBrowser, newPage, screenshot } from './stack.ts';

const stamp = Date.now().toString(36);
const kim = { email: `kim-${stamp}@example.com`, name: `Kim ${stamp}` };

let browser: Browser;
let page: Page;
const errors: string[][] = [];

/** What has the focus: its accessible-ish description (label, aria-label or text). */
function focused(p: Page): Promise<string> {
  return p.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    const labelled = el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null;
    const name = el.getAttribute('aria-label') ?? labelled ?? el.textContent ?? '';
    return `${el.tagName.toLowerCase()}:${name.replace(/\s*\*$/, '').trim()}`;
  });
}

/** The per-user keys of device-memory.ts in both storage areas (their prefixes all start so). */
function perUserKeys(p: Page): Promise<string[]> {
  return p.evaluate(() =>
    [...Object.keys(localStorage), ...Object.keys(sessionStorage)].filter((key) =>
      key.startsWith('fittrack'),
    ),
  );
}

/** Presses Tab (Shift+Tab when `back`) until `want` has the focus; fails after `limit` presses. */
async function tabTo(p: Page, want: RegExp, back = false, limit = 60): Promise<string> {
  for (let i = 0; i < limit; i++) {
    await p.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const now = await focused(p);
    if (want.test(now)) return now;
  }
  throw new Error(`Tab never reached ${want} (last: ${await focused(p)})`);
}

describe('keyboard only', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
    const opened = await newPage(browser);
    page = opened.page;
    errors.push(opened.errors);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('sends a signed-out deep link through sign-in, and refuses foreign next pages', async () => {
    const signIn = async () => {
      await page.getByLabel('Email').fill('demo@fittrack.local');
      await page.getByLabel(/^Password/).fill('fittrack-demo');
      await page.getByRole('button', { name: 'Login' }).click();
    };
    await page.goto('/community');
    await page.waitForURL('**/login?next=%2Fcommunity');
    await signIn();
    await page.waitForURL((url) => url.pathname === '/community');
    // Signing out is not a deep link: the next person starts at /login, not on this page.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login' && url.search === '');
    for (const evil of ['//evil.com', 'https://evil.com', '/\\evil.com']) {
      await page.goto(`/login?next=${encodeURIComponent(evil)}`);
      await signIn();
      await page.waitForURL((url) => url.pathname === '/user');
      expect(new URL(page.url()).host).toBe(new URL(APP_URL).host);
    }
    // What the browser keeps per person (web/src/data/device-memory.ts) goes with the session; the
    // per-device Appearance choice stays. The dashboard has remembered the form's shape by now.
    await page.evaluate(() => localStorage.setItem('mui-mode', 'light'));
    await expect.poll(() => perUserKeys(page)).not.toEqual([]);
    await page.getByRole('button', { name: 'Logout' }).click();
    // On a busy machine the dashboard's own save (the time zone) may not have reached the server
    // yet: Logout then rightly asks first, and this journey is not about that question.
    const ask = page.getByRole('dialog', { name: 'Log out and lose unsent changes?' });
    const asked = await Promise.race([
      ask.waitFor({ timeout: 30_000 }).then(() => true),
      page.waitForURL('**/login', { timeout: 30_000 }).then(() => false),
    ]);
    if (asked) await ask.getByRole('button', { name: 'Log out anyway' }).click();
    await page.waitForURL('**/login');
    expect(await perUserKeys(page)).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('mui-mode'))).toBe('light');
    await page.evaluate(() => localStorage.removeItem('mui-mode'));
  });

  it('names each page in its title and announces client-side moves', async () => {
    // The first run's prompts stay for the next test, which answers them with the keyboard.
    await signUpAndVerify(page, kim, { firstRun: 'leave' });
    await expect.poll(() => page.title()).toBe('Dashboard · FitTrack');
    const announcer = page.locator('[role="status"][aria-live="polite"]').first();
    await nav(page, 'Community');
    await page.waitForURL('**/community');
    await expect.poll(() => page.title()).toBe('Community · FitTrack');
    await expect.poll(() => announcer.textContent()).toBe('Community page');
    await nav(page, 'Account');
    await expect.poll(() => page.title()).toBe('Account · FitTrack');
    await expect.poll(() => announcer.textContent()).toBe('Account page');
    await nav(page, 'User');
    await page.waitForURL('**/user');
  });

  it('sets the display name from the prompt on /user, with the keyboard', async () => {
    const prompt = page.getByRole('region', { name: 'Choose your display name' });
    await prompt.waitFor();
    await tabTo(page, /^input:Display Name$/);
    await page.keyboard.press('Enter');
    await prompt.getByText('Display Name is required.').waitFor();
    expect(await focused(page)).toBe('input:Display Name');
    await page.keyboard.type(kim.name);
    await page.keyboard.press('Enter');
    await page.getByText(`Others now see you as ${kim.name}.`).waitFor();
    await prompt.waitFor({ state: 'detached' });
    // One prompt at a time: the goal popup comes once the name is saved, and gives the focus back.
    const goal = page.getByRole('dialog', { name: 'Set a daily goal' });
    await goal.waitFor();
    await tabTo(page, /^button:Maybe Later$/);
    await page.keyboard.press('Enter');
    await goal.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toMatch(/Others now see you as/);
  });

  it('logs two activities in a row without leaving the form', async () => {
    const form = page.getByRole('form', { name: 'Log activity' });
    await tabTo(page, /^input:Activity$/);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Running');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await tabTo(page, /^input:Time \(min\)$/);
    await page.keyboard.type('30');
    await page.keyboard.press('Enter'); // submits from the field
    await form.getByText('Running logged. Nice work!').waitFor();
    // The field had the focus while saving (it was disabled meanwhile): it has it again.
    expect(await focused(page)).toBe('input:Time (min)');
    await page.keyboard.type('20');
    await tabTo(page, /^button:Log$/);
    await page.keyboard.press('Enter');
    const recent = page.getByRole('table', { name: 'Recent activities' });
    await expect
      .poll(() => recent.getByRole('button', { name: /^Running, / }).count(), { timeout: 15_000 })
      .toBe(2);
    // Disabled while saving, the button has the focus back once the save has settled.
    await expect.poll(() => focused(page), { timeout: 10_000 }).toBe('button:Log');
  });

  it('opens a record with Enter, closes it with Escape, and saves it with Enter: focus comes back', async () => {
    const row = await tabTo(page, /^button:Running, .*: details$/);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Activity Details' });
    await dialog.waitFor();
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focused(page)).toBe(row);

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await tabTo(page, /^input:Time \(min\)$/);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('25');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('table', { name: 'Recent activities' }).getByText('25 min').waitFor();
    expect(await focused(page)).toBe(row);
  });

  it('deletes a record from its popup: the focus goes to the other row, then the heading, announced', async () => {
    const recent = page.getByRole('table', { name: 'Recent activities' });
    const rows = recent.getByRole('button', { name: /^Running, / });
    const dialog = page.getByRole('dialog', { name: 'Activity Details' });
    const deleteFocused = async () => {
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      await tabTo(page, /^button:Delete$/);
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
    };
    // The focus is on a row (the previous journey gave it back there): delete it.
    const deleted = await focused(page);
    expect(deleted).toMatch(/^button:Running, .*: details$/);
    await deleteFocused();
    await expect.poll(() => rows.count()).toBe(1);
    // The row that is left has the focus (was <body>: the next Tab started at the top of the page).
    // (Both rows may carry the same label, logged within the same minute: compare the elements.)
    await expect.poll(() => rows.first().evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => page.locator('[data-removal-status]').textContent()).toBe('Activity deleted.');

    // The last one: no row is left, the card's heading has the focus, and Tab goes on from there.
    await deleteFocused();
    await expect.poll(() => rows.count()).toBe(0);
    await expect.poll(() => focused(page)).toBe('h2:Recent Activities');
    await screenshot(page, '40-keyboard-after-delete');
    await page.keyboard.press('Tab');
    // From the heading on, not from the top of the page (the header's links are outside <main>).
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
  });

  it('keeps the phone layout in DOM order and the nav whole at 320 px', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const tops = await page.evaluate(() =>
      [...document.querySelectorAll('main section')].map((s) => Math.round(s.getBoundingClientRect().top)),
    );
    expect(tops.length).toBeGreaterThan(4);
    expect(tops).toEqual([...tops].sort((a, b) => a - b));

    await page.setViewportSize({ width: 320, height: 700 });
    const links = await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link')
      .evaluateAll((els) =>
        els.map((el) => ({
          text: el.textContent,
          clipped: el.scrollWidth > el.clientWidth + 1,
          right: el.getBoundingClientRect().right,
        })),
      );
    expect(links.map((l) => l.text)).toEqual(['User', 'Community', 'Account']);
    for (const link of links) {
      expect(link.clipped, `${link.text} is clipped`).toBe(false);
      expect(link.right).toBeLessThanOrEqual(320);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('raised no uncaught page errors', () => {
    expect(errors.flat()).toEqual([]);
  });
});
