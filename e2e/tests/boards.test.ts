/**
 * Hiding one's exercise info, or deleting the account, takes the person off all
 * three leaderboards at once (within 5 s), without waiting for the rollup. The rollup of the
 * emulator suite is paused around each check (E2E_ROLLUP_PAUSE_FILE), so only the reaction to the
 * change itself can pass it.
 */
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nav, setDisplayName, signUpAndVerify } from './people.ts';
import { launchBrowser, newPage, screenshot } from './stack.ts';

const stamp = Date.now().toString(36);
const eve = { email: `eve-${stamp}@example.com`, name: `Eve ${stamp}` };
const finn = { email: `finn-${stamp}@example.com`, name: `Finn ${stamp}` };
const BOARDS = ['Reps', 'Minutes', 'Calories'] as const;
const pauseFile = process.env.E2E_ROLLUP_PAUSE_FILE;

let browser: Browser;
let watcher: Page;

/**
 * Burpees count reps and minutes (at most 1000 reps and 120 min an entry): `entries` full entries
 * top all three of today's boards over the demo members and the other journeys' people.
 */
async function logBurpees(page: Page, entries: number): Promise<void> {
  await nav(page, 'User');
  const form = page.getByRole('form', { name: 'Log activity' });
  for (let i = 1; i <= entries; i++) {
    const activity = page.getByRole('combobox', { name: 'Activity', exact: true });
    await activity.click();
    await activity.fill('Burpees');
    await page.getByRole('option', { name: 'Burpees', exact: true }).click();
    await form.getByLabel('Reps').fill('1000');
    await form.getByLabel('Time (min)').fill('120');
    await form.getByRole('button', { name: 'Log' }).click();
    // A save's row arrives through the live query: seconds on a busy machine (poll's default is 1 s).
    await expect
      .poll(() => page.getByRole('table').first().getByText('Burpees').count(), { timeout: 15_000 })
      .toBe(i);
  }
}

const places = (name: string) =>
  BOARDS.map((board) =>
    watcher
      .getByRole('region', { name: board })
      .getByRole('progressbar', { name: new RegExp(`^${name}: `) })
      .first(),
  );

async function pauseRollup(): Promise<void> {
  if (!pauseFile) return;
  writeFileSync(pauseFile, '');
  // A rollup already under way finishes first (the suite marks it while it runs).
  await expect.poll(() => existsSync(`${pauseFile}.running`), { timeout: 60_000 }).toBe(false);
}

function resumeRollup(): void {
  if (pauseFile && existsSync(pauseFile)) rmSync(pauseFile);
}

describe('boards follow hiding and deletion at once', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
    watcher = (await newPage(browser)).page;
    await watcher.goto('/login');
    await watcher.getByLabel('Email').fill('demo@fittrack.local');
    await watcher.getByLabel(/^Password/).fill('fittrack-demo');
    await watcher.getByRole('button', { name: 'Login' }).click();
    await watcher.waitForURL('**/user');
    await nav(watcher, 'Community');
  });

  afterAll(async () => {
    resumeRollup();
    await browser?.close();
  });

  it('takes a person who hides their exercise info off the three boards within 5 s', async () => {
    const { page } = await newPage(browser);
    await signUpAndVerify(page, eve);
    await setDisplayName(page, eve.name);
    await logBurpees(page, 2);
    // Only the precondition: the Functions emulator runs the events one after another, and an
    // earlier journey's import may still be queued ahead of these.
    for (const place of places(eve.name)) await place.waitFor({ timeout: 240_000 });

    await pauseRollup();
    try {
      await nav(page, 'Account');
      await page.getByLabel('Hide my exercise info').check();
      await page.getByRole('button', { name: 'Save Profile' }).click();
      await page.getByText('Profile saved successfully!').waitFor();
      for (const place of places(eve.name)) await place.waitFor({ state: 'detached' });
      await screenshot(watcher, '30-boards-after-hide');
    } finally {
      resumeRollup();
    }
  }, 360_000);

  it('takes a person who deletes their account off the three boards within 5 s', async () => {
    const { page } = await newPage(browser);
    await signUpAndVerify(page, finn);
    await setDisplayName(page, finn.name);
    await logBurpees(page, 3);
    for (const place of places(finn.name)) await place.waitFor({ timeout: 240_000 });

    await nav(page, 'Account');
    await pauseRollup();
    try {
      await page.getByRole('button', { name: 'Delete Account' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete my account' }).click();
      await page.waitForURL('**/login', { timeout: 30_000 });
      for (const place of places(finn.name)) await place.waitFor({ state: 'detached' });
    } finally {
      resumeRollup();
    }
  }, 360_000);
});
