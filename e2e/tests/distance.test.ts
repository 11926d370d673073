/**
 * Distance and pace in the browser against the real stack: a metric
 * person logs a 5 km run in 25:00 and reads pace 5:00 /km (stored as 5000 m); on imperial units
 * the same run reads 3.11 mi at 8:03 /mi; a delete is undone from the Snackbar and the run is back
 * on the server as it was, with its records (longest distance, fastest pace). Screens at 1280 and
 * 390 px.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nav, signUpAndVerify } from './people.ts';
import { ARTIFACTS, accountOf, launchBrowser, newPage, screenshot, serverDocs } from './stack.ts';

const stamp = Date.now().toString(36);
const who = { email: `pace-${stamp}@example.com`, name: `Robin ${stamp}` };

let browser: Browser;
let page: Page;
let errors: string[] = [];

async function chooseUnits(p: Page, name: RegExp) {
  await nav(p, 'Account');
  await p.getByRole('heading', { name: 'Account', exact: true }).waitFor();
  await p.getByRole('combobox', { name: 'Units' }).click();
  await p.getByRole('option', { name }).click();
  await p.getByRole('button', { name: 'Save Profile' }).click();
  await p.getByText('Profile saved successfully!').waitFor();
  await nav(p, 'User');
}

/** The runs the server holds for the person, as their stored fields. */
async function storedRuns(): Promise<{ distance?: string; time?: string }[]> {
  const uid = (await accountOf(who.email))?.localId;
  const docs = await serverDocs(`users/${uid}/reps`);
  return docs.map((d) => {
    const f = (d as { fields: Record<string, { integerValue?: string }> }).fields;
    return { distance: f.distance?.integerValue, time: f.time?.integerValue };
  });
}

describe('distance and pace; undo a delete', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
    const opened = await newPage(browser);
    page = opened.page;
    errors = opened.errors;
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('logs a 5 km run in 25:00 and shows pace 5:00 /km', async () => {
    await signUpAndVerify(page, who);
    await nav(page, 'Account');
    await page.getByRole('heading', { name: 'Account', exact: true }).waitFor();
    await page.getByLabel('Display Name').fill(who.name);
    await chooseUnits(page, /^Metric/);

    const form = page.getByRole('form', { name: 'Log activity' });
    const activity = form.getByRole('combobox', { name: 'Activity', exact: true });
    await activity.click();
    await activity.fill('Running');
    await page.getByRole('option', { name: 'Running', exact: true }).click();
    await form.getByLabel('Time (min)').fill('25');
    await form.getByLabel('Distance (km)').fill('5');
    await form.getByText('pace 5:00 /km').waitFor();
    await form.getByRole('button', { name: 'Log' }).click();

    const recent = page.getByRole('region', { name: 'Recent Activities' });
    await recent.getByText('5 km · 5:00 /km').waitFor({ timeout: 20_000 });
    await expect.poll(storedRuns, { timeout: 20_000 }).toEqual([{ distance: '5000', time: '25' }]);
    await screenshot(page, 'distance-metric-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await recent.getByText('5 km · 5:00 /km').waitFor();
    await screenshot(page, 'distance-metric-390');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('an imperial person sees the same run as 3.11 mi at 8:03 /mi', async () => {
    await chooseUnits(page, /^Imperial/);
    const recent = page.getByRole('region', { name: 'Recent Activities' });
    await recent.getByText('3.11 mi · 8:03 /mi').waitFor({ timeout: 20_000 });
    await recent.getByRole('button', { name: /^Running, .*: details$/ }).click();
    const details = page.getByRole('dialog', { name: 'Activity Details' });
    await details.getByText('3.11 mi · 8:03 /mi').waitFor();
    await screenshot(page, 'distance-imperial-details-1280');
    await details.getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'detached' });
  });

  it('deletes the run and undoes it: the run is back as it was', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const recent = page.getByRole('region', { name: 'Recent Activities' });
    await recent.getByRole('button', { name: /^Running, .*: details$/ }).click();
    const details = page.getByRole('dialog', { name: 'Activity Details' });
    await details.getByRole('button', { name: 'Delete' }).click();
    await details.waitFor({ state: 'detached' });
    await recent.getByText('No activities yet').waitFor({ timeout: 20_000 });
    await expect.poll(storedRuns, { timeout: 20_000 }).toEqual([]);

    const undo = page.getByRole('button', { name: 'Undo' });
    // Hovered, the Snackbar waits (MUI pauses its timer), so the screenshot and the click find it.
    await undo.hover();
    await page.getByRole('alert').filter({ hasText: 'Activity deleted.' }).waitFor();
    // The viewport as it is (a full-page shot from the top would leave the Snackbar out of view).
    await page.screenshot({ path: join(ARTIFACTS, 'distance-undo-390.png') });
    await undo.click();
    await recent.getByText('3.11 mi · 8:03 /mi').waitFor({ timeout: 20_000 });
    await undo.waitFor({ state: 'detached' });
    await expect.poll(storedRuns, { timeout: 20_000 }).toEqual([{ distance: '5000', time: '25' }]);
    // The records the functions keep follow: longest distance and the fastest pace over a mile.
    const records = page.getByRole('list', { name: 'Personal records' });
    await records.scrollIntoViewIfNeeded({ timeout: 20_000 });
    await records.getByText('3.11 mi', { exact: true }).waitFor({ timeout: 30_000 });
    await records.getByText('8:03 /mi', { exact: true }).waitFor({ timeout: 30_000 });
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'distance-restored-1280');
    expect(errors).toEqual([]);
  });
});
