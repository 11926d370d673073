/**
 * A device clock ten minutes fast against the real rules: an activity logged "now" is timed ahead
 * of the server's clock and refused. The form says the spec's message, a toast says the clock is
 * the cause and what to do, and nothing is written. Screens at 390 and 1280 px. Then a clock twenty
 * minutes behind: an import is refused (its `importedAt`) and the toast says behind. And a first
 * Google sign-in with the fast clock: the new profile is refused, /login says the clock is why.
 */
import { ALERT_LOG_ACTIVITY } from '@fit/shared/messages';
import { paths } from '@fit/shared/model';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { GAPI_STAND_IN } from './gapi-stand-in.ts';
import { logActivity, nav, signUpAndVerify } from './people.ts';
import { accountOf, launchBrowser, newPage, screenshot, serverDocs } from './stack.ts';

const stamp = Date.now().toString(36);
const who = { email: `clock-${stamp}@example.com`, name: `Cleo ${stamp}` };
const late = { email: `clock-late-${stamp}@example.com`, name: `Lars ${stamp}` };
const googler = `clock-google-${stamp}@example.com`;
const FAST_MS = 10 * 60_000;

/** Runs in the page before its scripts: the device's clock, `offset` ms fast. */
function fastClock(offset: number) {
  const DeviceDate = Date;
  class FastDate extends DeviceDate {
    constructor(...args: ConstructorParameters<typeof Date> | []) {
      if (args.length === 0) super(DeviceDate.now() + offset);
      else super(...(args as ConstructorParameters<typeof Date>));
    }
    static override now() {
      return DeviceDate.now() + offset;
    }
  }
  globalThis.Date = FastDate as DateConstructor;
}

let browser: Browser;

describe('a device clock off', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('an activity logged now is refused, and a toast says the clock is why', async () => {
    // bypassCSP: axe is injected (the app's CSP allows no foreign script).
    const { context, page, errors } = await newPage(
      browser,
      { width: 390, height: 844 },
      { bypassCSP: true },
    );
    await context.addInitScript(fastClock, FAST_MS);
    await signUpAndVerify(page, who);
    expect(
      await page.evaluate(() => Date.now() - performance.timeOrigin - performance.now()),
    ).toBeGreaterThan(FAST_MS - 60_000);

    await logActivity(page, 'Yoga', 20);
    const form = page.getByRole('form', { name: 'Log activity' });
    await form.getByText(ALERT_LOG_ACTIVITY).waitFor({ timeout: 30_000 });
    const toast = page.getByText(
      "FitTrack refused the save because this device's clock is 10 minutes ahead. Set the date and time to automatic, then try again.",
    );
    await toast.waitFor({ timeout: 30_000 });
    await screenshot(page, 'clock-01-fast-phone');
    expect(await axeViolations(page)).toEqual([]);

    const uid = (await accountOf(who.email))?.localId ?? '';
    expect(uid).not.toBe('');
    expect(await serverDocs(paths.reps(uid))).toEqual([]);

    // Again on a wide screen: the toast comes back with the next refusal.
    await page.getByRole('alert').filter({ has: toast }).getByRole('button', { name: 'Close' }).click();
    await toast.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await form.getByRole('button', { name: 'Log' }).click();
    await toast.waitFor({ timeout: 30_000 });
    await screenshot(page, 'clock-02-fast-wide');
    expect(errors).toEqual([]);
  });

  it('an import with a clock twenty minutes behind is refused, and the toast says behind', async () => {
    // Import parts carry `importedAt`, refused more than 5 minutes off either way.
    const { context, page, errors } = await newPage(browser, { width: 1280, height: 900 });
    await context.addInitScript(fastClock, -20 * 60_000);
    await signUpAndVerify(page, late);
    await nav(page, 'Account');
    const csv = 'Date,Activity,Reps,Minutes\n2026-01-10 07:30,Push Ups,10,5\n';
    await page
      .getByTestId('import-file')
      .setInputFiles({ name: 'mine.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page
      .getByRole('dialog', { name: 'Import preview' })
      .getByRole('button', { name: 'Import' })
      .click();
    await page
      .getByText(
        "FitTrack refused the save because this device's clock is 20 minutes behind. Set the date and time to automatic, then try again.",
      )
      .waitFor({ timeout: 30_000 });
    await screenshot(page, 'clock-03-late-import');
    const uid = (await accountOf(late.email))?.localId ?? '';
    expect(uid).not.toBe('');
    expect(await serverDocs(paths.reps(uid))).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('a first Google sign-in with a fast clock is undone, and /login says the clock is why', async () => {
    const { context, page, errors } = await newPage(
      browser,
      { width: 390, height: 844 },
      { bypassCSP: true },
    );
    await context.addInitScript(fastClock, FAST_MS);
    await context.route('https://apis.google.com/**', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: GAPI_STAND_IN }),
    );
    await page.goto('/login');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    const popup = await popupOpened;
    await popup.waitForLoadState();
    await popup.getByText('Add new account').click();
    await popup.locator('#email-input').fill(googler);
    await popup.locator('#display-name-input').fill('Gale Clock');
    await popup.getByText('Sign in with Google.com').click();
    const message = page.getByText(
      "FitTrack refused the sign-in because this device's clock is 10 minutes ahead. Set the date and time to automatic, then try again.",
    );
    await message.waitFor({ timeout: 30_000 });
    await screenshot(page, 'clock-04-google-phone');
    expect(await axeViolations(page)).toEqual([]);
    // The same message on a wide screen in the dark scheme.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mui-color-scheme')))
      .toBe('dark');
    await screenshot(page, 'clock-05-google-wide-dark');
    expect(await axeViolations(page)).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/login');
    const uid = (await accountOf(googler))?.localId ?? '';
    expect(uid).not.toBe('');
    expect(await serverDocs(paths.user(uid))).toEqual([]);
    expect(errors).toEqual([]);
  });
});
