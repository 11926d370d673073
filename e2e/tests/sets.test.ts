/**
 * Sets in the browser against the real stack: a bench press logged as three
 * sets from the keyboard (8 x 135, 6 x 155, then set 2 duplicated and changed to 5 reps) is stored
 * as 19 reps at 155 lbs with its sets; the table shows the weight lifted, the details the sets,
 * the volume (2,785 lbs) and the Epley one-rep max (186 lbs), and the records follow. An empty set
 * is refused with its message first. Screens at 1280 and 390 px, light and dark.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeContext, expectNoAxeViolations } from './axe.ts';
import { nav, signUpAndVerify } from './people.ts';
import { ARTIFACTS, accountOf, launchBrowser, screenshot, serverDocs } from './stack.ts';

const stamp = Date.now().toString(36);
const who = { email: `sets-${stamp}@example.com`, name: `Sam ${stamp}` };

let browser: Browser;
let page: Page;
let errors: string[] = [];

type Value = {
  integerValue?: string;
  doubleValue?: number;
  arrayValue?: { values?: { mapValue: { fields: Record<string, Value> } }[] };
};
const num = (v: Value | undefined) =>
  v?.integerValue !== undefined ? Number(v.integerValue) : v?.doubleValue;

/** The bench presses the server holds for the person: reps, weight lifted and the sets. */
async function storedBench() {
  const uid = (await accountOf(who.email))?.localId;
  const docs = await serverDocs(`users/${uid}/reps`);
  return docs.map((d) => {
    const f = (d as { fields: Record<string, Value> }).fields;
    return {
      count: num(f.count),
      weightLifted: num(f.weightLifted),
      sets: (f.sets?.arrayValue?.values ?? []).map((s) => [
        num(s.mapValue.fields.reps),
        num(s.mapValue.fields.weight),
      ]),
    };
  });
}

describe('sets of a bench press: volume and estimated one-rep max', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
    // A context axe can be injected into (the app's CSP allows no inline script).
    const opened = await axeContext(browser, 1280);
    page = opened.page;
    errors = opened.errors;
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('logs three sets from the keyboard; an empty set is refused first', async () => {
    await signUpAndVerify(page, who);
    await nav(page, 'Account');
    await page.getByRole('heading', { name: 'Account', exact: true }).waitFor();
    await page.getByLabel('Display Name').fill(who.name);
    await page.getByRole('combobox', { name: 'Units' }).click();
    await page.getByRole('option', { name: /^Imperial/ }).click();
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Profile saved successfully!').waitFor();
    await nav(page, 'User');

    const form = page.getByRole('form', { name: 'Log activity' });
    const activity = form.getByRole('combobox', { name: 'Activity', exact: true });
    await activity.click();
    await activity.fill('Bench Press');
    await page.getByRole('option', { name: 'Bench Press', exact: true }).click();
    await form.getByLabel('Time (min)').fill('15');
    await form.getByRole('button', { name: 'Add sets' }).click();
    // Adding a set moves the focus to its reps: typing goes on from the keyboard.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('log-set-0-reps');
    await form.getByRole('button', { name: 'Log', exact: true }).click();
    await form.getByText('Set 1 is empty: enter its reps and weight, or remove it.').waitFor();

    await form.getByLabel('Set 1 reps').focus();
    await page.keyboard.type('8');
    await page.keyboard.press('Tab');
    await page.keyboard.type('135');
    await form.getByRole('button', { name: 'Add set' }).press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('log-set-1-reps');
    await page.keyboard.type('6');
    await page.keyboard.press('Tab');
    await page.keyboard.type('155');
    // Tab reaches the row's Duplicate button; Enter copies set 2 below it.
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Duplicate set 2');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('log-set-2-reps');
    await form.getByLabel('Set 3 reps').fill('5');
    await expect.poll(() => form.getByLabel('Set 3 weight (lbs)').inputValue()).toBe('155');
    await form.getByText('19 reps · volume 2,785 lbs · est. 1RM 186 lbs').waitFor();
    await screenshot(page, 'sets-form-1280');
    await expectNoAxeViolations(page, 'the Log form with three sets');
    await page.setViewportSize({ width: 390, height: 844 });
    await form.getByLabel('Set 3 reps').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${ARTIFACTS}/sets-form-390.png` });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `${ARTIFACTS}/sets-form-390-dark.png` });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await form.getByRole('button', { name: 'Log', exact: true }).click();

    const recent = page.getByRole('region', { name: 'Recent Activities' });
    await recent.getByText('155 lbs · 3 sets').waitFor({ timeout: 20_000 });
    await expect.poll(storedBench, { timeout: 20_000 }).toEqual([
      {
        count: 19,
        weightLifted: 155,
        sets: [
          [8, 135],
          [6, 155],
          [5, 155],
        ],
      },
    ]);
  });

  it('shows the sets, the volume and the one-rep max in details and records', async () => {
    const recent = page.getByRole('region', { name: 'Recent Activities' });
    await recent.getByRole('button', { name: /^Bench Press, .*: details$/ }).click();
    const details = page.getByRole('dialog', { name: 'Activity Details' });
    await details.getByText('8 × 135 lbs, 6 × 155 lbs, 5 × 155 lbs').waitFor();
    await details.getByText('Volume 2,785 lbs · Est. 1RM 186 lbs', { exact: true }).waitFor();
    await expect.poll(() => details.getByLabel('Set 3 reps').inputValue()).toBe('5');
    await screenshot(page, 'sets-details-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'sets-details-390');
    await page.emulateMedia({ colorScheme: 'dark' });
    await details.getByText('Volume 2,785 lbs · Est. 1RM 186 lbs', { exact: true }).waitFor();
    await screenshot(page, 'sets-details-390-dark');
    await expectNoAxeViolations(page, 'Activity Details with sets (390 px, dark)');
    await details.getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'detached' });
    await recent.getByText('155 lbs · 3 sets').waitFor();
    await screenshot(page, 'sets-dashboard-390-dark');
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'sets-dashboard-1280-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // The records the functions keep: most volume and the best estimated one-rep max.
    const records = page.getByRole('list', { name: 'Personal records' });
    await records.scrollIntoViewIfNeeded({ timeout: 20_000 });
    await records.getByText('2,785 lbs', { exact: true }).waitFor({ timeout: 30_000 });
    await records.getByText('186 lbs', { exact: true }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'sets-records-1280');
    expect(errors).toEqual([]);
  });
});
