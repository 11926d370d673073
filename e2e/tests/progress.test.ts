/**
 * Progress beyond the spec, in the browser against the real stack: a heavier Bench Press is marked
 * as a new record; the calendar shows the day logged and opens it; the weekly chart's bar for this
 * week equals the stats card's This Week figures (the demo account's four weeks of workouts).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dismissGoalPopup, showCharts } from './people.ts';
import { launchBrowser, newPage, screenshot, verifyEmail } from './stack.ts';

const PASSWORD = 'correct-horse-7';
const stamp = Date.now().toString(36);
const email = `pat-${stamp}@example.com`;

let browser: Browser;
let page: Page;
const errors: string[][] = [];

async function logBench(p: Page, reps: string, minutes: string, lbs: string) {
  const activity = p.getByRole('combobox', { name: 'Activity', exact: true });
  await activity.click();
  await activity.fill('Bench Press');
  await p.getByRole('option', { name: 'Bench Press', exact: true }).click();
  const form = p.getByRole('form', { name: 'Log activity' });
  await form.getByLabel('Reps').fill(reps);
  await form.getByLabel('Time (min)').fill(minutes);
  await form.getByLabel(/Weight lifted/).fill(lbs);
  await form.getByRole('button', { name: 'Log' }).click();
}

describe('progress: records, calendar, weekly volume', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
    const opened = await newPage(browser);
    page = opened.page;
    errors.push(opened.errors);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('marks a heavier Bench Press as a new personal record', async () => {
    await page.goto('/signup');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL('**/verify-email');
    await verifyEmail(email);
    await page.waitForURL('**/user', { timeout: 30_000 });
    await dismissGoalPopup(page); // the name prompt, then the goal popup

    await logBench(page, '8', '10', '135');
    const records = page.getByRole('list', { name: 'Personal records' });
    await records.getByText('135 lbs').waitFor({ timeout: 20_000 });
    await logBench(page, '5', '10', '185');
    await page.getByText(/New personal record:.*Bench Press/).waitFor({ timeout: 20_000 });
    await records.getByText('185 lbs').waitFor();
    await screenshot(page, '20-progress-new-record');
  });

  it('shows the day logged on the calendar and opens it', async () => {
    const calendar = page.getByRole('group', { name: 'Activity calendar, last 12 months' });
    const logged = calendar.locator('button[data-level]:not([data-level="0"])');
    expect(await logged.count()).toBe(1);
    await logged.first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Bench Press').first().waitFor();
    expect(await dialog.getByText('Bench Press').count()).toBe(2);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it("the weekly chart's bar equals the stats of this week (demo account)", async () => {
    const { context, page: demo, errors: demoErrors } = await newPage(browser);
    errors.push(demoErrors);
    await demo.goto('/login');
    await demo.getByRole('textbox', { name: 'Email' }).fill('demo@fittrack.local');
    await demo.getByLabel(/^Password/).fill('fittrack-demo');
    await demo.getByRole('button', { name: 'Login' }).click();
    await demo.waitForURL('**/user');
    const stat = demo.getByTestId('stat-weekly-minutes');
    await stat.waitFor({ timeout: 20_000 });
    await showCharts(demo, { weekly: true });
    const chart = demo.locator('[data-this-week]');
    expect(await chart.getAttribute('data-this-week')).toBe((await stat.textContent())?.replace(/\D/g, ''));
    await demo.getByRole('button', { name: 'Calories', exact: true }).click();
    const calories = (await demo.getByTestId('stat-weekly-calories').textContent())?.replace(/\D/g, '');
    await demo.locator(`[data-this-week="${calories}"]`).waitFor();
    await screenshot(demo, '21-progress-demo');
    await context.close();
  });

  it('raised no uncaught page errors', () => {
    expect(errors.flat()).toEqual([]);
  });
});
