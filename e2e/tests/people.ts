/**
 * What a person does in several journeys: sign up and verify, move around, name the profile.
 */
import type { Page } from 'playwright-core';
import { verifyEmail } from './stack.ts';

export const PASSWORD = 'correct-horse-7';

/**
 * Signs up and verifies; then, unless `firstRun: 'leave'`, puts off the first run's prompts (the
 * display-name prompt, then the goal popup), so the person is on /user with no name and no goal.
 */
export async function signUpAndVerify(
  page: Page,
  who: { email: string; name: string },
  { firstRun = 'put off' }: { firstRun?: 'put off' | 'leave' } = {},
): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL('**/verify-email');
  await verifyEmail(who.email.toLowerCase()); // Auth keeps the address in lower case
  // The verify page polls and reloads the user, then moves on by itself.
  await page.waitForURL('**/user', { timeout: 30_000 });
  if (firstRun === 'put off') await dismissGoalPopup(page);
}

/** Each top-bar link's page, by its document title (routes.tsx's TITLES). */
const PAGE_TITLES = { User: 'Dashboard', Community: 'Community', Account: 'Account' } as const;

/**
 * Follows a top-bar link, and waits for the page to be drawn: the last page stays on screen until
 * then (the move is a transition), and a locator would find its buttons (a "Delete post" on
 * /community was clicked for /account's "Delete Account" in one clean CI run).
 */
export async function nav(page: Page, label: keyof typeof PAGE_TITLES): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: label, exact: true })
    .click();
  await page.waitForFunction((title) => document.title === title, `${PAGE_TITLES[label]} · FitTrack`);
}

/**
 * A new user on /user is asked one thing at a time: the display-name prompt ('Not now' puts it
 * off), then the daily-goal popup ('Maybe Later' closes it). A named user gets the popup alone.
 */
export async function dismissGoalPopup(page: Page): Promise<void> {
  const later = page.getByRole('button', { name: 'Maybe Later' });
  const notNow = page
    .getByRole('region', { name: 'Choose your display name' })
    .getByRole('button', { name: 'Not now' });
  await later.or(notNow).first().waitFor({ timeout: 15_000 });
  if (await notNow.isVisible()) await notNow.click();
  await later.waitFor({ timeout: 15_000 });
  await later.click();
  await later.waitFor({ state: 'detached' });
}

export async function setDisplayName(page: Page, name: string): Promise<void> {
  await nav(page, 'Account');
  await page.waitForURL('**/account');
  // The URL changes before the Account page renders (/user and its display-name prompt stay until then).
  await page.getByRole('heading', { name: 'Account', exact: true }).waitFor();
  const field = page.getByLabel('Display Name');
  await field.fill(name);
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await page.getByText('Profile saved successfully!').waitFor();
}

/** Logs an activity from the dashboard's form (the person is on /user). */
export async function logActivity(page: Page, name: string, minutes: number): Promise<void> {
  const activity = page.getByRole('combobox', { name: 'Activity', exact: true });
  await activity.click();
  await activity.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
  await page.getByLabel('Time (min)').fill(String(minutes));
  await page.getByRole('form', { name: 'Log activity' }).getByRole('button', { name: 'Log' }).click();
}

/**
 * /user draws its charts once the charts library's chunk has arrived (ChartArea): scrolls to each
 * asked for and waits until it is drawn. `weight`: the weight chart (a figure named by its
 * summary of the weigh-ins); `weekly`: the progress cards' weekly chart.
 */
export async function showCharts(page: Page, which: { weight?: boolean; weekly?: boolean }): Promise<void> {
  if (which.weekly) {
    await page
      .getByRole('group', { name: 'Weekly chart metric' })
      .scrollIntoViewIfNeeded({ timeout: 20_000 });
    await page.locator('[data-this-week]').waitFor({ timeout: 20_000 });
  }
  if (which.weight) {
    const area = page.getByTestId('weight-chart');
    await area.scrollIntoViewIfNeeded({ timeout: 20_000 });
    await area.getByRole('figure').locator('svg').first().waitFor({ timeout: 20_000 });
  }
}
