/**
 * The product end to end, as two people use it: sign up and verify, set a display name, log an
 * activity and a weight, post on the community page, see each other there, hide exercise info,
 * delete the account. Real browser (Debian's Chromium) against the official emulator suite
 * (scripts/run-e2e.mjs starts it).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nav, PASSWORD, setDisplayName, showCharts, signUpAndVerify } from './people.ts';
import { launchBrowser, newPage, screenshot } from './stack.ts';

const stamp = Date.now().toString(36);
const ada = { email: `ada-${stamp}@example.com`, name: `Ada ${stamp}` };
const ben = { email: `ben-${stamp}@example.com`, name: `Ben ${stamp}` };

let browser: Browser;
let adaPage: Page;
let benPage: Page;
const pageErrors: string[][] = [];

describe('two people use FitTrack', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
    const a = await newPage(browser);
    const b = await newPage(browser, { width: 390, height: 844 });
    adaPage = a.page;
    benPage = b.page;
    pageErrors.push(a.errors, b.errors);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('opens the seeded demo account onto its history, chart and community', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByLabel('Email').fill('demo@fittrack.local');
    await page.getByLabel(/^Password/).fill('fittrack-demo');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/user');
    await page.getByRole('heading', { name: 'Hi, Alex' }).waitFor();
    // Five recent activities, and the weight + BMI chart (7 weigh-ins, height set).
    await page.getByRole('table').first().getByRole('row').nth(5).waitFor();
    await showCharts(page, { weight: true });
    await screenshot(page, '00-demo-dashboard');
    await nav(page, 'Community');
    await page.getByText('Maya Torres').first().waitFor();
    await screenshot(page, '00-demo-community');
    await context.close();
  });

  it('sends a signed-out visitor from /user to /login', async () => {
    await adaPage.goto('/user');
    await adaPage.waitForURL('**/login');
    await adaPage.getByRole('button', { name: 'Login' }).waitFor();
    await screenshot(adaPage, '01-login');
  });

  it('signs up, verifies the email and names the profile', async () => {
    await signUpAndVerify(adaPage, ada);
    await setDisplayName(adaPage, ada.name);
    await screenshot(adaPage, '02-account');
  });

  it('logs an activity and a weight on the dashboard', async () => {
    await nav(adaPage, 'User');
    await adaPage.waitForURL('**/user');
    const activity = adaPage.getByRole('combobox', { name: 'Activity', exact: true });
    await activity.click();
    await activity.fill('Running');
    await adaPage.getByRole('option', { name: 'Running', exact: true }).click();
    // More than any demo member does in a day, so Ada leads today's minutes board.
    await adaPage.getByLabel('Time (min)').fill('300');
    await adaPage.getByRole('form', { name: 'Log activity' }).getByRole('button', { name: 'Log' }).click();
    const recent = adaPage.getByRole('table').first();
    await recent.getByText('Running').waitFor();

    await adaPage.getByRole('form', { name: 'Log weight' }).getByLabel('Weight').fill('180');
    await adaPage.getByRole('form', { name: 'Log weight' }).getByRole('button', { name: 'Log' }).click();
    await adaPage.getByText('180', { exact: false }).first().waitFor();
    await screenshot(adaPage, '03-dashboard');
  });

  it('posts on the community page and tops the daily minutes board', async () => {
    await nav(adaPage, 'Community');
    await adaPage.waitForURL('**/community');
    const message = `First run done ${stamp}, route at https://example.com/run`;
    await adaPage.getByLabel('Post message').fill(message);
    await adaPage.getByLabel('Post message').press('Enter');
    const posts = adaPage.getByRole('list', { name: 'Posts' });
    await posts.getByText(`First run done ${stamp}`).waitFor();
    const link = posts.getByRole('link', { name: 'https://example.com/run' });
    await link.waitFor();
    if ((await link.getAttribute('target')) !== '_blank')
      throw new Error('post links must open in a new tab');
    // The reactions write Ada's board entry; the prompt rollup puts her on the daily board, live.
    await adaPage
      .getByRole('region', { name: 'Minutes' })
      .getByRole('progressbar', { name: `${ada.name}: 300 min` })
      .first()
      .waitFor({ timeout: 20_000 });
    await screenshot(adaPage, '04-community');
  });

  it("shows Ada's post and activity to Ben, and hides her activity once she asks", async () => {
    await signUpAndVerify(benPage, ben);
    await setDisplayName(benPage, ben.name);
    await nav(benPage, 'Community');
    await benPage.getByText(`First run done ${stamp}`).waitFor();
    const activityRow = benPage.getByRole('row').filter({ hasText: ada.name }).filter({ hasText: 'Running' });
    await activityRow.first().waitFor();
    await screenshot(benPage, '05-community-phone');

    await nav(adaPage, 'Account');
    await adaPage.getByLabel('Hide my exercise info').check();
    await adaPage.getByRole('button', { name: 'Save Profile' }).click();
    await adaPage.getByText('Profile saved successfully!').waitFor();

    // Live: Ben's open page loses Ada's activity row without a reload; her post stays.
    await activityRow.first().waitFor({ state: 'detached', timeout: 20_000 });
    await benPage.getByText(`First run done ${stamp}`).waitFor();
  });

  it("deletes her own post: it disappears from Ben's open page, live", async () => {
    await nav(adaPage, 'Community');
    const oops = `Wrong thread, sorry ${stamp}`;
    await adaPage.getByLabel('Post message').fill(oops);
    await adaPage.getByLabel('Post message').press('Enter');
    const mine = adaPage.getByRole('list', { name: 'Posts' }).getByRole('listitem').filter({ hasText: oops });
    await benPage.getByText(oops).waitFor({ timeout: 20_000 });
    await mine.getByRole('button', { name: 'Delete post' }).click({ timeout: 20_000 });
    await adaPage
      .getByRole('dialog', { name: 'Delete this post?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await mine.waitFor({ state: 'detached' });
    await benPage.getByText(oops).waitFor({ state: 'detached', timeout: 20_000 });
    await benPage.getByText(`First run done ${stamp}`).waitFor();
    await nav(adaPage, 'Account');
  });

  it('deletes the account: back to /login, the data is gone, the sign-in no longer works', async () => {
    await adaPage.getByRole('button', { name: 'Delete Account', exact: true }).click();
    const dialog = adaPage.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByText("You will lose all history on this profile. It can't be undone.").waitFor();
    await dialog.getByRole('button', { name: /delete/i }).click();
    await adaPage.waitForURL('**/login', { timeout: 30_000 });

    await benPage.getByText(`First run done ${stamp}`).waitFor({ state: 'detached', timeout: 20_000 });

    await adaPage.getByLabel('Email').fill(ada.email);
    await adaPage.getByLabel(/^Password/).fill(PASSWORD);
    await adaPage.getByRole('button', { name: 'Login' }).click();
    await adaPage.getByText('Failed to login. Please check your email and password.').waitFor();
  });

  it('raised no uncaught page errors', () => {
    expect(pageErrors.flat()).toEqual([]);
  });
});
