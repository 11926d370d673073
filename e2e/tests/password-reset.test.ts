/**
 * Forgot Password, in the browser against the real stack: the reset email is requested from the
 * Login page, its code read from the Auth emulator (where `npm start` points people), the app's
 * reset page sets a new password, the new one signs in and the old one is refused; the used link
 * then says so. axe-core finds nothing on the forgot and reset pages at 390 and 1280 px, in light
 * and dark (screenshots of each).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeContext, axeViolations } from './axe.ts';
import { createAccount, launchBrowser, oobCodeFor, screenshot } from './stack.ts';

const stamp = Date.now().toString(36);
const OLD = 'old-password-1';
const NEW = 'new-password-2';

let browser: Browser;

/** axe at both widths and in both schemes, a screenshot of each; what it finds, as lines. */
async function audit(page: Page, name: string): Promise<string[]> {
  const found: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mui-color-scheme')))
      .toBe(scheme);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.evaluate(() => window.scrollTo(0, 0));
      const lines = await axeViolations(page);
      if (lines.length > 0) found.push(`${name}, ${scheme}, ${width} px:`, ...lines);
      await screenshot(page, `password-reset-${name}-${scheme}-${width}`);
    }
  }
  return found;
}

describe('Forgot Password: a reset email sets a new password', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('requests the link, sets the new password, signs in with it; the old one and the used link are refused', async () => {
    const email = `reset-${stamp}@example.com`;
    await createAccount(email, OLD);
    const { context, page, errors } = await axeContext(browser, 1280);
    const found: string[] = [];

    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await page.waitForURL('**/forgot-password');
    await expect.poll(() => page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(`If an account exists for ${email}`).waitFor();
    found.push(...(await audit(page, 'forgot')));

    const code = await oobCodeFor(email, 'PASSWORD_RESET');
    const link = `/reset-password?mode=resetPassword&oobCode=${encodeURIComponent(code)}&lang=en`;
    await page.goto(link);
    await expect.poll(() => page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(email);
    found.push(...(await audit(page, 'reset')));

    // The sign-up rules first: a mismatch changes nothing.
    await page.getByLabel(/^New Password/).fill(NEW);
    await page.getByLabel(/^Confirm Password/).fill(`${NEW}x`);
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('Passwords do not match.').waitFor();
    await page.getByLabel(/^Confirm Password/).fill(NEW);
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.waitForURL('**/login');
    await page.getByText('Your password has been changed. Log in with your new password.').waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(email);

    await page.getByLabel(/^Password/).fill(OLD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Failed to login. Please check your email and password.').waitFor();
    await page.getByLabel(/^Password/).fill(NEW);
    await page.getByRole('button', { name: 'Login' }).click();
    // Verified, with no display name yet: the Account page.
    await page.waitForURL('**/account', { timeout: 30_000 });

    // The link is used up now.
    const fresh = await context.newPage();
    await fresh.goto(link);
    await fresh
      .getByText('This password reset link has expired or was already used. Request a new one.')
      .waitFor();
    found.push(...(await audit(fresh, 'used-link')));
    await context.close();
    expect(found, `axe violations:\n${found.join('\n')}`).toEqual([]);
    expect(errors).toEqual([]);
  });
});
