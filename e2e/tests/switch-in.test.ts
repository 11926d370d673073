/**
 * Switching in from other apps: a new member imports Strava's activities.csv and Hevy's
 * workouts.csv on /account, then a GPX run. The preview names the format it recognised and each refused line with
 * the source's own value; importing either file again adds nothing. Screens at 1280 and 390 px.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nav, PASSWORD, signUpAndVerify } from './people.ts';
import { accountOf, launchBrowser, newPage, screenshot, serverDocs } from './stack.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../shared/test/fixtures/${name}`, import.meta.url), 'utf8');
const STRAVA = fixture('strava-activities.csv');
const HEVY = fixture('hevy-workouts.csv');
const GPX = fixture('morning-run.gpx');

const stamp = Date.now().toString(36);
const member = { email: `sam-${stamp}@example.com`, name: `Sam ${stamp}` };

let browser: Browser;
let page: Page;
let phone: Page;
const pageErrors: string[][] = [];

async function importFile(p: Page, name: string, text: string) {
  await p.getByTestId('import-file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  const dialog = p.getByRole('dialog', { name: 'Import preview' });
  await dialog.waitFor();
  return dialog;
}

async function activityCounts(dialog: ReturnType<Page['getByRole']>): Promise<[number, number]> {
  const cells = await dialog.getByTestId('import-activities').getByRole('cell').allTextContents();
  return [Number(cells[0]), Number(cells[1])];
}

/** How many activities the server holds for the member (read past the rules, in one page). */
async function storedActivities(): Promise<number> {
  const account = await accountOf(member.email);
  return (await serverDocs(`users/${account?.localId}/reps?pageSize=300`)).length;
}

describe('switching in: Strava, Hevy and GPX on /account', () => {
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

  it("imports Strava's activities.csv after a preview naming the format and the refused lines", async () => {
    await signUpAndVerify(page, member);
    await nav(page, 'Account');
    const dialog = await importFile(page, 'activities.csv', STRAVA);
    await dialog
      .getByTestId('import-format')
      .getByText('Strava activities export (activities.csv)')
      .waitFor();
    expect(await activityCounts(dialog)).toEqual([27, 0]);
    await dialog.getByText('7 refused (not imported)').waitFor();
    const refused = dialog.getByRole('list', { name: 'Refused entries' });
    await refused
      .getByRole('listitem')
      .filter({ hasText: "Line 12: Unknown activity 'Kitesurf'." })
      .waitFor();
    await refused.getByText("Unknown activity 'Rock Climbing'.").waitFor();
    await refused
      .getByText(/'Weight Training' does not say which exercise/)
      .first()
      .waitFor();
    await screenshot(page, 'switch-in-01-strava-preview');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await page.getByText('Imported 27 activities, 0 weight records, 0 posts.').waitFor({ timeout: 30_000 });
  });

  it("imports Hevy's workouts.csv: one entry per exercise of a workout", async () => {
    const dialog = await importFile(page, 'workouts.csv', HEVY);
    await dialog.getByTestId('import-format').getByText('Hevy workouts export (workouts.csv)').waitFor();
    expect(await activityCounts(dialog)).toEqual([32, 0]);
    await dialog.getByText('3 refused (not imported)').waitFor();
    await dialog.getByText("Unknown exercise 'Cable Crossover'.").waitFor();
    await dialog.getByText("Unknown exercise 'Face Pull (Cable)'.").waitFor();
    await dialog.getByRole('button', { name: 'Import' }).click();
    await page.getByText('Imported 32 activities, 0 weight records, 0 posts.').waitFor({ timeout: 30_000 });
    expect(await storedActivities()).toBe(59);
  });

  it('imports a GPX track as one run (in the dark theme)', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    const dialog = await importFile(page, 'morning-run.gpx', GPX);
    await dialog.getByTestId('import-format').getByText('GPX track (.gpx)').waitFor();
    expect(await activityCounts(dialog)).toEqual([1, 0]);
    await screenshot(page, 'switch-in-03-gpx-preview-dark');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await page.getByText('Imported 1 activity, 0 weight records, 0 posts.').waitFor({ timeout: 30_000 });
    expect(await storedActivities()).toBe(60);
  });

  it('importing any of the files again adds nothing, on a phone too', async () => {
    await phone.goto('/login');
    await phone.getByLabel('Email').fill(member.email);
    await phone.getByLabel(/^Password/).fill(PASSWORD);
    await phone.getByRole('button', { name: 'Login' }).click();
    await phone.waitForURL(/\/(user|account)$/);
    await phone.goto('/account');
    for (const [name, text, total] of [
      ['activities.csv', STRAVA, 27],
      ['workouts.csv', HEVY, 32],
      ['morning-run.gpx', GPX, 1],
    ] as const) {
      const dialog = await importFile(phone, name, text);
      expect(await activityCounts(dialog)).toEqual([0, total]);
      await dialog.getByText(/Nothing new to import/).waitFor();
      if (name === 'workouts.csv') await screenshot(phone, 'switch-in-02-hevy-again-phone');
      if (name === 'morning-run.gpx') {
        await phone.emulateMedia({ colorScheme: 'dark' });
        await screenshot(phone, 'switch-in-04-gpx-again-phone-dark');
      }
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    expect(await storedActivities()).toBe(60);
  });

  it('raised no uncaught page errors', () => {
    expect(pageErrors.flat()).toEqual([]);
  });
});
