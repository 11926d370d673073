/**
 * axe-core on every route and dialog, at 390 and 1280 px, in the real browser against the real
 * stack: 0 violations of the WCAG 2.0/2.1 A and AA, WCAG 2.2 AA and best-practice rules. A new user
 * (sign-up, verify page, display-name prompt, goal popup, empty dashboard) and the demo account
 * (data everywhere: every popup of /user, /community, /account and their confirmations). Each page
 * or dialog is opened once and checked at both widths by resizing the window.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeContext, axeViolations } from './axe.ts';
import { PASSWORD, showCharts } from './people.ts';
import { launchBrowser, verifyEmail } from './stack.ts';

const stamp = Date.now().toString(36);
const WIDTHS = [1280, 390] as const;

let browser: Browser;
const errors: string[][] = [];

/**
 * Runs axe at both widths (within `within` only, when given) and collects what it finds: the width
 * the page has first, then the other one, where it is left (each resize re-lays out the page).
 */
async function audit(page: Page, where: string, found: string[], within?: string): Promise<void> {
  const now = page.viewportSize()?.width === WIDTHS[1] ? WIDTHS[1] : WIDTHS[0];
  for (const width of now === WIDTHS[0] ? WIDTHS : [...WIDTHS].reverse()) {
    if (page.viewportSize()?.width !== width) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      // From the top: the resize left the page scrolled wherever its new layout put it, and axe's
      // target-size counted a field straddling the sticky app bar's edge as obscured (CI, once).
      await page.evaluate(() => window.scrollTo(0, 0));
    }
    const lines = await axeViolations(page, within);
    if (lines.length > 0) found.push(`${where} at ${width} px (${page.url()}):`, ...lines);
  }
}

/** Opens a dialog with `open`, audits it, closes it with its `close` button (or Escape). */
async function auditDialog(
  page: Page,
  name: string | RegExp,
  open: () => Promise<void>,
  found: string[],
  close: string | null = 'Close',
): Promise<void> {
  await open();
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  // The page behind was audited on its own: the dialog is what is new here.
  await audit(page, `dialog "${name}"`, found, '[role="dialog"]');
  if (close) await dialog.getByRole('button', { name: close, exact: true }).last().click();
  else await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

function report(found: string[]) {
  expect(found, `axe violations:\n${found.join('\n')}`).toEqual([]);
}

describe('axe-core: 0 violations on every route and dialog at 390 and 1280 px', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('the signed-out pages, the verify page, the goal popup and the display-name prompt', async () => {
    const found: string[] = [];
    const { context, page, errors: pageErrors } = await axeContext(browser, 1280);
    errors.push(pageErrors);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Welcome to FitTrack' }).waitFor();
    await audit(page, '/', found);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await audit(page, '/login', found);
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await page.getByRole('button', { name: 'Send reset link' }).waitFor();
    await audit(page, '/forgot-password', found);

    const email = `axe-${stamp}@example.com`;
    await page.goto('/signup');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('alert').waitFor();
    await audit(page, '/signup with an error', found);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL('**/verify-email');
    await page.getByRole('button', { name: 'Resend verification email' }).waitFor();
    await audit(page, '/verify-email', found);

    await verifyEmail(email);
    await page.waitForURL('**/user', { timeout: 30_000 });
    // The first run, one prompt at a time: the name (with units and gender), then the goal popup.
    const prompt = page.getByRole('region', { name: 'Choose your display name' });
    await prompt.waitFor();
    await page.getByText('No activities yet').waitFor();
    // The page settled: the Log form drawn and its button enabled (CI caught it mid-change).
    const log = page.getByRole('form', { name: 'Log activity' }).getByRole('button', { name: 'Log' });
    await log.and(page.locator(':enabled')).waitFor();
    await audit(page, '/user of a new user, with the display-name prompt', found);
    await prompt.getByRole('button', { name: 'Save Name' }).click();
    await prompt.getByText('Display Name is required.').waitFor();
    await audit(page, 'the display-name prompt with its error', found);
    await auditDialog(
      page,
      'Set a daily goal',
      () => prompt.getByRole('button', { name: 'Not now' }).click(),
      found,
      'Maybe Later',
    );
    await context.close();
    report(found);
  });

  it('the demo account: /user and its popups', async () => {
    const found: string[] = [];
    const { context, page, errors: pageErrors } = await axeContext(browser, 1280);
    errors.push(pageErrors);
    await signInDemo(page);
    const recent = page.getByRole('table', { name: 'Recent activities' });
    await recent.getByRole('row').nth(5).waitFor();
    // Both charts drawn, so that the audit covers them.
    await showCharts(page, { weekly: true, weight: true });
    await audit(page, '/user (demo)', found);

    await auditDialog(
      page,
      'MET values',
      () => page.getByRole('button', { name: 'MET values' }).click(),
      found,
    );
    await auditDialog(
      page,
      'How calories are calculated',
      () => recent.getByRole('button', { name: 'How calories are calculated' }).click(),
      found,
    );
    await auditDialog(page, 'Activity Details', () => recent.getByRole('row').nth(1).click(), found);
    await auditDialog(
      page,
      'All Activities',
      () =>
        page
          .getByRole('region', { name: 'Recent Activities' })
          .getByRole('button', { name: 'Show All' })
          .click(),
      found,
    );
    const weights = page.getByRole('region', { name: 'Weight Tracking' });
    await auditDialog(
      page,
      'Weight Record Details',
      () => weights.getByRole('list').getByRole('button').first().click(),
      found,
    );
    await auditDialog(
      page,
      'All Weight Records',
      () => weights.getByRole('button', { name: 'Show All' }).click(),
      found,
    );
    await auditDialog(
      page,
      'About BMI',
      () => page.getByRole('button', { name: 'What is BMI?' }).click(),
      found,
    );
    await auditDialog(
      page,
      'About BMR',
      () => page.getByRole('button', { name: 'What is BMR?' }).click(),
      found,
    );
    const calendar = page.getByRole('group', { name: 'Activity calendar, last 12 months' });
    await auditDialog(
      page,
      /\d/,
      () => calendar.locator('button[data-level]:not([data-level="0"])').last().click(),
      found,
    );
    await context.close();
    report(found);
  });

  it('the demo account: /community, /account and their confirmations', async () => {
    const found: string[] = [];
    const { context, page, errors: pageErrors } = await axeContext(browser, 1280);
    errors.push(pageErrors);
    await signInDemo(page);
    await page.goto('/community');
    await page
      .getByRole('list', { name: 'Posts' })
      .getByRole('listitem')
      .first()
      .waitFor({ timeout: 20_000 });
    await page.getByText('Maya Torres').first().waitFor();
    await audit(page, '/community (demo)', found);
    const message = `Checking the page ${stamp}`;
    await page.getByLabel('Post message').fill(message);
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    const mine = page.getByRole('list', { name: 'Posts' }).getByRole('listitem').filter({ hasText: message });
    await auditDialog(
      page,
      'Delete this post?',
      () => mine.getByRole('button', { name: 'Delete post' }).click({ timeout: 20_000 }),
      found,
      'Delete',
    );
    await mine.waitFor({ state: 'detached' });

    await page.goto('/account');
    await page.getByRole('button', { name: 'Save Profile' }).waitFor();
    await page.getByRole('button', { name: 'Remove Goal' }).waitFor();
    await audit(page, '/account (demo)', found);
    await auditDialog(
      page,
      'Remove your daily goal?',
      () => page.getByRole('button', { name: 'Remove Goal' }).click(),
      found,
      'Cancel',
    );
    await auditDialog(
      page,
      'Delete your account?',
      () => page.getByRole('button', { name: 'Delete Account' }).click(),
      found,
      'Cancel',
    );
    await auditDialog(
      page,
      'Import preview',
      () =>
        page.getByLabel('Import file').setInputFiles({
          name: 'activities.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(
            'Date,Activity,Reps,Minutes,Weight lifted\n2026-01-05,Running,,30,\n2026-01-05,Nope,,30,\n',
          ),
        }),
      found,
      'Cancel',
    );
    await context.close();
    report(found);
  });

  it('raised no uncaught page errors', () => {
    expect(errors.flat()).toEqual([]);
  });
});

async function signInDemo(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill('demo@fittrack.local');
  await page.getByLabel(/^Password/).fill('fittrack-demo');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/user');
}
