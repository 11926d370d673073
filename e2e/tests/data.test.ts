/**
 * "Your data" end to end: the demo member exports their archive; a fresh account imports it and
 * gets the same data (exporting again gives the same entries); importing it a second time adds
 * nothing, and neither does the activities CSV the fresh account exports. Screens at 390 and
 * 1280 px land in artifacts/e2e.
 */

import { readFileSync } from 'node:fs';
import { IMPORT_MESSAGES } from '@fit/shared/archive';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dismissGoalPopup } from './people.ts';
import { launchBrowser, newPage, screenshot, verifyEmail } from './stack.ts';

const PASSWORD = 'correct-horse-7';
const stamp = Date.now().toString(36);
const fresh = { email: `dora-${stamp}@example.com`, name: `Dora ${stamp}` };

let browser: Browser;
let page: Page;
let phone: Page;
const pageErrors: string[][] = [];

interface Archive {
  format: string;
  version: number;
  profile: Record<string, unknown> | null;
  activities: Record<string, unknown>[];
  weights: Record<string, unknown>[];
  goal: Record<string, unknown> | null;
  preferences: { activities: string[] } | null;
  posts: Record<string, unknown>[];
}

async function goToAccount(p: Page): Promise<void> {
  await p
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Account', exact: true })
    .click();
  await p.waitForURL('**/account');
  // The URL changes first; /user stays on screen (its display-name prompt included) until the
  // Account page's chunk has rendered.
  await p.getByRole('heading', { name: 'Account', exact: true }).waitFor();
}

async function downloadText(p: Page, button: string): Promise<{ name: string; text: string }> {
  const section = p.getByRole('region', { name: 'Your Data' });
  const [download] = await Promise.all([
    p.waitForEvent('download'),
    section.getByRole('button', { name: button }).click(),
  ]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: readFileSync(path, 'utf8') };
}

async function importFile(p: Page, name: string, text: string, mimeType: string) {
  await p.getByTestId('import-file').setInputFiles({ name, mimeType, buffer: Buffer.from(text) });
  const dialog = p.getByRole('dialog', { name: 'Import preview' });
  await dialog.waitFor();
  return dialog;
}

/** [will be added, already there] of a row of the preview table. */
async function counts(dialog: ReturnType<Page['getByRole']>, key: string): Promise<[number, number]> {
  const cells = await dialog.getByTestId(`import-${key}`).getByRole('cell').allTextContents();
  return [Number(cells[0]), Number(cells[1])];
}

/** Entries in a stable order (equal times keep their store order, which follows document ids). */
const sorted = (list: Record<string, unknown>[]) => list.map((e) => JSON.stringify(e)).sort();
const entriesOf = (a: Archive) => ({
  activities: sorted(a.activities),
  weights: sorted(a.weights),
  goal: a.goal,
  preferences: a.preferences,
  posts: sorted(a.posts),
});

describe('your data: export, import into a fresh account, import again', () => {
  let demoArchive: Archive;
  let demoArchiveText: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const wide = await newPage(browser);
    const narrow = await newPage(browser, { width: 390, height: 844 });
    page = wide.page;
    phone = narrow.page;
    pageErrors.push(wide.errors, narrow.errors);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('exports the demo member archive with every part', async () => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('demo@fittrack.local');
    await page.getByLabel(/^Password/).fill('fittrack-demo');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/user');
    await goToAccount(page);
    const json = await downloadText(page, 'Export JSON');
    expect(json.name).toMatch(/^fittrack-\d{4}-\d{2}-\d{2}\.json$/);
    demoArchiveText = json.text;
    demoArchive = JSON.parse(json.text) as Archive;
    expect(demoArchive.format).toBe('fittrack-archive');
    expect(demoArchive.version).toBe(1);
    expect(demoArchive.activities.length).toBeGreaterThan(10);
    expect(demoArchive.weights.length).toBeGreaterThanOrEqual(2);
    expect(demoArchive.goal).not.toBeNull();

    const csv = await downloadText(page, 'Export activities CSV');
    expect(csv.text.split('\r\n')[0]).toBe(
      '\uFEFFDate,Activity,Reps,Minutes,Weight lifted (lbs),Calories,Distance (mi)',
    );
    expect(csv.text.trim().split('\r\n')).toHaveLength(demoArchive.activities.length + 1);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/(login)?$/);
  });

  it('imports the archive into a fresh account after a preview: the same data comes back', async () => {
    await page.goto('/signup');
    await page.getByLabel('Email').fill(fresh.email);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL('**/verify-email');
    await verifyEmail(fresh.email);
    await page.waitForURL('**/user', { timeout: 30_000 });
    await dismissGoalPopup(page); // the name prompt, then the goal popup
    await goToAccount(page);
    await page.getByLabel('Display Name').fill(fresh.name);
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Profile saved successfully!').waitFor();

    const dialog = await importFile(page, 'demo.json', demoArchiveText, 'application/json');
    expect(await counts(dialog, 'activities')).toEqual([demoArchive.activities.length, 0]);
    expect(await counts(dialog, 'weights')).toEqual([demoArchive.weights.length, 0]);
    expect(await counts(dialog, 'posts')).toEqual([demoArchive.posts.length, 0]);
    await screenshot(page, 'data-01-import-preview');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await page.getByText(/^Imported \d+ activities/).waitFor({ timeout: 30_000 });
    // The page shows what was imported (the forms reload), not what it had read before.
    await page
      .getByTestId('current-goal')
      .filter({ hasText: String(demoArchive.goal?.type) })
      .waitFor();
    await page
      .getByLabel('Display Name')
      .and(page.locator(`[value="${demoArchive.profile?.displayName}"]`))
      .waitFor();
    await screenshot(page, 'data-02-imported');

    const back = JSON.parse((await downloadText(page, 'Export JSON')).text) as Archive;
    expect(entriesOf(back)).toEqual(entriesOf(demoArchive));
    // Never the other account's identity; the display name typed here was replaced by the archive's.
    expect(back.profile?.email).toBe(fresh.email);
    expect(back.profile?.displayName).toBe(demoArchive.profile?.displayName);
    expect(back.profile?.height).toBe(demoArchive.profile?.height);
  });

  it('a second import of the archive, or of the exported CSV, adds nothing', async () => {
    const again = await importFile(page, 'demo.json', demoArchiveText, 'application/json');
    expect(await counts(again, 'activities')).toEqual([0, demoArchive.activities.length]);
    await again.getByText(/Nothing new to import/).waitFor();
    await again.getByRole('button', { name: 'Close' }).click();
    await again.waitFor({ state: 'detached' });

    const csv = await downloadText(page, 'Export activities CSV');
    const fromCsv = await importFile(page, 'activities.csv', csv.text, 'text/csv');
    expect(await counts(fromCsv, 'activities')).toEqual([0, demoArchive.activities.length]);
    await fromCsv.getByRole('button', { name: 'Close' }).click();
  });

  it('shows refused CSV rows with their line and reason, on a phone too', async () => {
    await phone.goto('/login');
    await phone.getByLabel('Email').fill(fresh.email);
    await phone.getByLabel(/^Password/).fill(PASSWORD);
    await phone.getByRole('button', { name: 'Login' }).click();
    await phone.waitForURL(/\/(user|account)$/);
    await phone.goto('/account');
    await phone.getByRole('region', { name: 'Your Data' }).scrollIntoViewIfNeeded();
    await screenshot(phone, 'data-03-account-phone');
    const csv = [
      'Date,Activity,Reps,Minutes,Weight lifted',
      '2026-01-03 07:00,Bench Press,10,5,135',
      '2026-01-04,Running,,0,',
      '2026-01-05,=HYPERLINK("x"),,5,',
      '2099-01-01,Running,,30,',
    ].join('\n');
    const dialog = await importFile(phone, 'mixed.csv', csv, 'text/csv');
    expect(await counts(dialog, 'activities')).toEqual([1, 0]);
    await dialog.getByText('3 refused (not imported)').waitFor();
    await dialog.getByText('Time must be a positive number.').waitFor();
    await dialog.getByText('Unknown activity.').waitFor();
    await dialog.getByText('Date cannot be in the future.').waitFor();
    await screenshot(phone, 'data-04-preview-phone');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // A header naming one column twice refuses the whole file, in place, naming both cells.
    const twice = 'Date,Weight (kg),Weight (kg)\n2026-01-03,80,81\n';
    await phone
      .getByTestId('import-file')
      .setInputFiles({ name: 'twice.csv', mimeType: 'text/csv', buffer: Buffer.from(twice) });
    await phone.getByText(IMPORT_MESSAGES.columnTwice('Weight (kg)', 'Weight (kg)')).waitFor();
    expect(await phone.getByRole('dialog', { name: 'Import preview' }).count()).toBe(0);
    await screenshot(phone, 'data-05-column-twice-phone');
  });

  it('raised no uncaught page errors', () => {
    expect(pageErrors.flat()).toEqual([]);
  });
});
