/**
 * Back-dated entries and the streak, in the browser against the real stack: a run logged for
 * yesterday is listed under yesterday and counted in the stats of the periods that hold yesterday
 * (computed with shared's period functions in the browser's zone, not hard-coded: today may be a
 * Sunday, when yesterday is last week's); changing its type in Activity Details re-prices its
 * calories; with today's and a back-dated entry two days ago, the dashboard shows a 3-day streak.
 */
import { addDays, instantOfLocalTime, localDate, periodWindow } from '@fit/shared/periods';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from './people.ts';
import { launchBrowser, newPage, screenshot } from './stack.ts';

const stamp = Date.now().toString(36);
const email = `when-${stamp}@example.com`;

let browser: Browser;
let page: Page;
let zone: string;
const errors: string[][] = [];

/** The value of a datetime-local input for a wall-clock time of `date` in the browser's zone. */
function localInput(date: string, hour: number, minute: number): string {
  return `${date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

async function chooseActivity(scope: ReturnType<Page['getByRole']> | Page, name: string) {
  const activity = scope.getByRole('combobox', { name: 'Activity', exact: true });
  await activity.click();
  await activity.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
}

async function stat(id: string): Promise<number> {
  const el = page.getByTestId(id);
  await el.waitFor();
  return Number((await el.textContent())?.replace(/\D/g, ''));
}

/**
 * Waits until a stat reads `value`. Stats come from the progress reaction, which on a busy machine
 * waits for a Functions worker to start and may retry (20 s once proved too short in CI).
 */
async function statBecomes(id: string, value: number) {
  await expect.poll(() => stat(id), { message: id, timeout: 60_000 }).toBe(value);
}

describe('when: dated entries, a type change, a streak', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
    const opened = await newPage(browser);
    page = opened.page;
    errors.push(opened.errors);
    await signUpAndVerify(page, { email, name: 'When' });
    zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("a run logged for yesterday shows under yesterday and in yesterday's periods, not today's", async () => {
    const now = Date.now();
    const today = localDate(now, zone);
    const yesterday = addDays(today, -1);
    const at = instantOfLocalTime(yesterday, 18, 30, zone);

    const form = page.getByRole('form', { name: 'Log activity' });
    await chooseActivity(page, 'Running');
    await form.getByLabel('Time (min)').fill('30');
    await form.getByLabel('Date and time').fill(localInput(yesterday, 18, 30));
    await form.getByRole('button', { name: 'Log' }).click();
    await page.getByText('Running logged. Nice work!').waitFor({ timeout: 20_000 });

    const table = page.getByRole('table', { name: 'Recent activities' });
    const row = table.locator('tbody tr').first();
    await row.getByText('Running').waitFor({ timeout: 20_000 });
    const shown = await page.evaluate(
      (t) =>
        new Intl.DateTimeFormat(undefined, {
          month: 'short',
          day: 'numeric',
          year: 'numeric',
          hour: 'numeric',
          minute: '2-digit',
        }).format(t),
      at,
    );
    await row.getByText(shown).first().waitFor();

    // Today: nothing. This week / month: 30 minutes only when yesterday lies in them.
    const inWeek = at >= periodWindow('weekly', now, zone).start;
    const inMonth = at >= periodWindow('monthly', now, zone).start;
    await statBecomes('stat-weekly-minutes', inWeek ? 30 : 0);
    await statBecomes('stat-monthly-minutes', inMonth ? 30 : 0);
    expect(await stat('stat-daily-minutes')).toBe(0);
    await screenshot(page, '30-when-yesterday');
  });

  it('changing the type in Activity Details re-prices the calories', async () => {
    const table = page.getByRole('table', { name: 'Recent activities' });
    const row = table.locator('tbody tr').first();
    // No weight logged: 155 lbs. Running 8 x 30 = 240; Walking 4.5 x 30 = 135.
    await row.getByText('240', { exact: true }).waitFor();
    await row.click();
    const dialog = page.getByRole('dialog', { name: 'Activity Details' });
    await dialog.waitFor();
    await chooseActivity(dialog, 'Walking');
    await dialog.getByText('About 135 calories').waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });
    await row.getByText('Walking').waitFor({ timeout: 20_000 });
    await row.getByText('135', { exact: true }).waitFor();
  });

  it('today and two days back with yesterday make a 3-day current streak', async () => {
    const now = Date.now();
    const twoDaysAgo = addDays(localDate(now, zone), -2);
    const form = page.getByRole('form', { name: 'Log activity' });
    await chooseActivity(page, 'Yoga');
    await form.getByLabel('Time (min)').fill('20');
    await form.getByRole('button', { name: 'Log' }).click();
    await page.getByText('Yoga logged. Nice work!').waitFor({ timeout: 20_000 });

    await chooseActivity(page, 'Cycling');
    await form.getByLabel('Time (min)').fill('40');
    await form.getByLabel('Date and time').fill(localInput(twoDaysAgo, 7, 5));
    await form.getByRole('button', { name: 'Log' }).click();
    await page.getByText('Cycling logged. Nice work!').waitFor({ timeout: 20_000 });

    await page.getByText('Current streak: 3 days').waitFor({ timeout: 30_000 });
    await screenshot(page, '31-when-streak');
  });

  it('raised no uncaught page errors', () => {
    expect(errors.flat()).toEqual([]);
  });
});
