/**
 * Units in the browser against the real stack: a metric user enters 80 kg and 180 cm
 * and sees BMI 24.7 Healthy (stored as lbs and inches, shown again as typed); the same user on
 * imperial units types height 1.8 and is refused with a message naming inches, and nothing is
 * written (the stored height, read back after a reload, is unchanged). Screens at 1280 and 390 px.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nav, signUpAndVerify } from './people.ts';
import { launchBrowser, newPage, screenshot } from './stack.ts';

const stamp = Date.now().toString(36);
const who = { email: `units-${stamp}@example.com`, name: `Kim ${stamp}` };

let browser: Browser;
let page: Page;
let errors: string[] = [];

async function chooseUnits(p: Page, name: RegExp) {
  await p.getByRole('combobox', { name: 'Units' }).click();
  await p.getByRole('option', { name }).click();
}

async function saveProfile(p: Page) {
  await p.getByRole('button', { name: 'Save Profile' }).click();
}

describe('units: metric and imperial', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
    const opened = await newPage(browser);
    page = opened.page;
    errors = opened.errors;
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('a metric user enters 180 cm and 80 kg and sees BMI 24.7 Healthy', async () => {
    await signUpAndVerify(page, who);
    await nav(page, 'Account');
    await page.waitForURL('**/account');
    // The URL changes before the Account page renders (/user and its name prompt stay until then).
    await page.getByRole('heading', { name: 'Account', exact: true }).waitFor();
    await page.getByLabel('Display Name').fill(who.name);
    await chooseUnits(page, /^Metric/);
    await page.getByLabel('Height (cm)').fill('180');
    await saveProfile(page);
    await page.getByText('Profile saved successfully!').waitFor();

    await nav(page, 'User');
    await page.waitForURL('**/user');
    const weight = page.getByRole('region', { name: 'Weight Tracking' });
    const logWeight = page.getByRole('form', { name: 'Log weight' });
    await logWeight.getByLabel('Weight').fill('80');
    await logWeight.getByRole('button', { name: 'Log' }).click();
    await weight.getByText('80 kg', { exact: true }).waitFor({ timeout: 20_000 });

    const profile = page.getByRole('region', { name: 'Your Profile' });
    await expect
      .poll(() => profile.getByLabel('Current weight').inputValue(), { timeout: 20_000 })
      .toBe('80');
    await profile.getByText('24.7', { exact: true }).waitFor();
    await profile.getByText('Healthy', { exact: true }).waitFor();

    // A second weigh-in, typed with a decimal comma, minutes later: the chart shows both.
    await logWeight.getByLabel('Weight').fill('79,5');
    await logWeight.getByRole('button', { name: 'Log' }).click();
    await weight.getByText('79.5 kg', { exact: true }).waitFor({ timeout: 20_000 });
    await page.getByTestId('weight-chart').scrollIntoViewIfNeeded({ timeout: 20_000 });
    await page.getByRole('figure', { name: /2 weigh-ins/ }).waitFor({ timeout: 20_000 });
    await screenshot(page, 'units-metric-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await weight.getByText('79.5 kg', { exact: true }).waitFor();
    await screenshot(page, 'units-metric-390');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('height 1.8 with imperial units is refused with a message naming inches, and writes nothing', async () => {
    await nav(page, 'Account');
    await page.waitForURL('**/account');
    await chooseUnits(page, /^Imperial/);
    const height = page.getByLabel('Height (inches)');
    // The height already typed follows the switch: 180 cm is 70.9 inches.
    expect(await height.inputValue()).toBe('70.9');
    await height.fill('1.8');
    await saveProfile(page);
    await page.getByText('Height must be between 36 and 108 inches.').waitFor();
    await screenshot(page, 'units-imperial-refused-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'units-imperial-refused-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Read back: still metric, still 180 cm (the refused save wrote neither the units nor 1.8).
    await page.reload();
    await expect.poll(() => page.getByLabel('Height (cm)').inputValue(), { timeout: 20_000 }).toBe('180');
    expect(errors).toEqual([]);
  });
});
