/**
 * Google sign-in through the Auth emulator's real popup: a first sign-in creates the profile from
 * Google's name and asks for a display name; a second one keeps the profile as it is.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAPI_STAND_IN } from './gapi-stand-in.ts';
import { launchBrowser, screenshot } from './stack.ts';

const stamp = Date.now().toString(36);
const grace = {
  email: `grace-${stamp}@example.com`,
  name: 'Grace Hopper',
  displayName: `Amazing Grace ${stamp}`,
};

let browser: Browser;
let context: BrowserContext;
let page: Page;

async function signInWithGoogle(choose: (popup: Page) => Promise<void>): Promise<void> {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  const popup = await popupOpened;
  await popup.waitForLoadState();
  await choose(popup);
}

describe('Google sign-in', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      baseURL: process.env.E2E_APP_URL,
    });
    await context.route('https://apis.google.com/**', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: GAPI_STAND_IN }),
    );
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('creates the profile from the Google name, then asks for a display name', async () => {
    await page.goto('/login');
    await signInWithGoogle(async (popup) => {
      await popup.getByText('Add new account').click();
      await popup.locator('#email-input').fill(grace.email);
      await popup.locator('#display-name-input').fill(grace.name);
      await popup.getByText('Sign in with Google.com').click();
    });
    await page.waitForURL('**/account', { timeout: 30_000 });
    expect(await page.getByLabel('First Name').inputValue()).toBe('Grace');
    expect(await page.getByLabel('Last Name').inputValue()).toBe('Hopper');
    expect(await page.getByLabel('Email').inputValue()).toBe(grace.email);
    await screenshot(page, '10-google-first-sign-in');

    await page.getByLabel('Display Name').fill(grace.displayName);
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Profile saved successfully!').waitFor();
  });

  it('signs the same person in again without touching the profile', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await signInWithGoogle(async (popup) => {
      await popup.getByText(grace.email).first().click();
    });
    await page.waitForURL('**/user', { timeout: 30_000 });
    // A reload on /account also proves the session survives one.
    await page.goto('/account');
    await page.getByLabel('Display Name').waitFor();
    expect(await page.getByLabel('Display Name').inputValue()).toBe(grace.displayName);
  });
});
