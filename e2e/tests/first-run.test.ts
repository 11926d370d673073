/**
 * A first run that asks, in the browser against the real stack: one prompt at a
 * time (the display-name prompt with units and gender, then the goal popup); units preset from the
 * browser's locale (en-US imperial, de-DE metric); no gender preset, so no BMR until one is chosen;
 * focus back on the saved notice after "Maybe Later". axe on the prompt at 390 and 1280 px, light
 * and dark, with screenshots.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { nav, signUpAndVerify } from './people.ts';
import { APP_URL, launchBrowser, screenshot } from './stack.ts';

const stamp = Date.now().toString(36);
let browser: Browser;

async function open(locale: string): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    baseURL: APP_URL,
    locale,
    bypassCSP: true, // axe is injected
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors, close: () => context.close() };
}

function focused(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.textContent ?? '');
}

describe('the first run asks one thing at a time', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('en-US: name, units (imperial preset) and gender, then the goal; BMR once a gender is chosen', async () => {
    const { page, errors, close } = await open('en-US');
    const who = { email: `first-${stamp}@example.com`, name: `First ${stamp}` };
    await signUpAndVerify(page, who, { firstRun: 'leave' });
    const prompt = page.getByRole('region', { name: 'Choose your display name' });
    await prompt.waitFor();
    await page.getByText('Set a daily goal to track your progress.').waitFor();
    expect(await page.getByRole('dialog', { name: 'Set a daily goal' }).count()).toBe(0);
    expect(await prompt.getByRole('radio', { name: 'Imperial (lbs, inches)' }).isChecked()).toBe(true);
    for (const gender of ['Male', 'Female'])
      expect(await prompt.getByRole('radio', { name: gender, exact: true }).isChecked()).toBe(false);
    // The page settled: the Log form drawn and its button enabled (axe once read it mid-change).
    const log = page.getByRole('form', { name: 'Log activity' }).getByRole('button', { name: 'Log' });
    await log.and(page.locator(':enabled')).waitFor();

    const found: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
        const lines = await axeViolations(page);
        if (lines.length > 0) found.push(`prompt, ${scheme}, ${width} px:`, ...lines);
        await screenshot(page, `first-run-prompt-${scheme}-${width}`);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    expect(found, `axe violations:\n${found.join('\n')}`).toEqual([]);

    await prompt.getByLabel(/Display Name/).fill(who.name);
    await prompt.getByRole('radio', { name: 'Metric (kg, cm)' }).check();
    await prompt.getByRole('button', { name: 'Save Name' }).click();
    await page.getByText(`Others now see you as ${who.name}.`).waitFor();
    const goal = page.getByRole('dialog', { name: 'Set a daily goal' });
    await goal.waitFor();
    await goal.getByRole('button', { name: 'Maybe Later' }).click();
    await goal.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toMatch(/Others now see you as/);

    // Metric from now on; BMI shows, BMR waits for a gender.
    const logWeight = page.getByRole('form', { name: 'Log weight' });
    await logWeight.getByLabel('Weight').fill('80');
    await logWeight.getByRole('button', { name: 'Log' }).click();
    await page.getByRole('region', { name: 'Weight Tracking' }).getByText('80 kg', { exact: true }).waitFor({
      timeout: 20_000,
    });
    await nav(page, 'Account');
    await page.getByRole('heading', { name: 'Account', exact: true }).waitFor();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Gender' }).textContent())
      .toContain('Not chosen');
    await screenshot(page, 'first-run-account-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'first-run-account-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByLabel('Height (cm)').fill('180');
    await page.getByLabel('Date of Birth').fill('1990-01-01');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Profile saved successfully!').waitFor();
    await nav(page, 'User');
    const profile = page.getByRole('region', { name: 'Your Profile' });
    await profile.getByText('24.7', { exact: true }).waitFor({ timeout: 20_000 });
    await profile.getByText(/To see your BMR, choose your gender/).waitFor();
    await screenshot(page, 'first-run-no-gender-1280');

    await nav(page, 'Account');
    await page.getByRole('combobox', { name: 'Gender' }).click();
    await page.getByRole('option', { name: 'Female' }).click();
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Profile saved successfully!').waitFor();
    await nav(page, 'User');
    await profile.getByText('BMR', { exact: true }).waitFor({ timeout: 20_000 });
    expect(await profile.getByText(/choose your gender/).count()).toBe(0);
    await close();
    expect(errors).toEqual([]);
  });

  it('de-DE: metric is preset', async () => {
    const { page, errors, close } = await open('de-DE');
    await signUpAndVerify(page, { email: `erst-${stamp}@example.com`, name: 'Erst' }, { firstRun: 'leave' });
    const prompt = page.getByRole('region', { name: 'Choose your display name' });
    await prompt.waitFor();
    expect(await prompt.getByRole('radio', { name: 'Metric (kg, cm)' }).isChecked()).toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'first-run-prompt-de-390');
    await close();
    expect(errors).toEqual([]);
  });
});
