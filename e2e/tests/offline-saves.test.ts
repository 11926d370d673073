/**
 * One rule for every save that cannot reach the server (docs/decisions.md, "Saves wait to sync"):
 * with the server unreachable (Playwright routes on the Firestore emulator's host) or the browser
 * offline, logging an activity and a weight, the dashboard profile, the goal, the activity
 * preferences and a post each let go of their form within seconds, say they wait to sync, and the
 * top bar counts them; Delete in Activity Details closes the popup. Once the connection is back,
 * all of it is on the server (read as an admin). A save the server refuses when it finally arrives
 * is said with its form's spec message, in the frame once its form has left the screen.
 */
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logActivity, nav, setDisplayName, signUpAndVerify } from './people.ts';
import {
  accountOf,
  FIRESTORE_HOST,
  launchBrowser,
  newPage,
  PROJECT_ID,
  screenshot,
  serverDocs,
} from './stack.ts';

const stamp = Date.now().toString(36);
const ola = { email: `ola-${stamp}@example.com`, name: `Ola ${stamp}` };
const WAITING = 'Saved on this device. Waiting to sync…';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let uid = '';
let errors: string[] = [];

const API = new RegExp(`^http://${FIRESTORE_HOST}/`);
const refuse = (route: Route) => route.abort('connectionrefused');
const cut = () => page.route(API, refuse);
const restore = () => page.unroute(API, refuse);

const section = (name: string) => page.getByRole('main').getByRole('region', { name, exact: true });
const pendingChip = () => page.getByRole('status').filter({ hasText: 'Saved offline, syncing' });
const fields = async (path: string) =>
  ((await serverDocs(path))[0] as { fields?: Record<string, Record<string, unknown>> } | undefined)?.fields;

/** What the account deletion writes first: from now on the rules refuse every write of `uid`. */
async function tombstone(who: string): Promise<void> {
  const res = await fetch(
    `http://${FIRESTORE_HOST}/v1/projects/${PROJECT_ID}/databases/(default)/documents/tombstones/${who}`,
    {
      method: 'PATCH',
      headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      body: JSON.stringify({
        fields: { uid: { stringValue: who }, deletedAt: { integerValue: Date.now() } },
      }),
    },
  );
  if (!res.ok) throw new Error(`Writing the tombstone: HTTP ${res.status}`);
}

describe('saves that cannot reach the server', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
    // Routes cut the server; what the service worker answers from its cache must not hide that.
    ({ context, page, errors } = await newPage(browser, undefined, { serviceWorkers: 'block' }));
    await signUpAndVerify(page, ola);
    await setDisplayName(page, ola.name);
    uid = (await accountOf(ola.email))?.localId ?? '';
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('with the server unreachable: a weigh-in and an activity wait to sync, Delete in Activity Details closes', async () => {
    await nav(page, 'User');
    await section('Weight Tracking').getByText('No weigh-ins yet').waitFor({ timeout: 30_000 });
    await logActivity(page, 'Cycling', 25);
    const recent = page.getByRole('table', { name: 'Recent activities' });
    await recent.getByRole('row').filter({ hasText: 'Cycling' }).click();
    const details = page.getByRole('dialog', { name: 'Activity Details' });
    await details.waitFor();
    await expect
      .poll(async () => (await serverDocs(`users/${uid}/reps`)).length, { timeout: 30_000 })
      .toBe(1);

    await cut();
    // The popup lets go of its Delete like any save: it closes, and no failure is said.
    await details.getByRole('button', { name: 'Delete' }).click();
    await details.waitFor({ state: 'detached', timeout: 15_000 });
    await pendingChip().waitFor({ timeout: 10_000 });

    const weights = section('Weight Tracking');
    await weights.getByLabel('Weight', { exact: true }).fill('181');
    await weights.getByRole('button', { name: 'Log', exact: true }).click();
    await weights.getByText(WAITING).waitFor({ timeout: 15_000 });
    await logActivity(page, 'Rowing', 20);
    await section('Log Activity').getByText(WAITING).waitFor({ timeout: 15_000 });
    await screenshot(page, 'offline-saves-unreachable');
    expect(await page.getByText(/^Failed to (log|delete)/).count()).toBe(0);

    await restore();
    await pendingChip().waitFor({ state: 'detached', timeout: 90_000 });
    const reps = (await serverDocs(`users/${uid}/reps`)).map((d) => JSON.stringify(d));
    expect(reps).toHaveLength(1);
    expect(reps[0]).toContain('Rowing');
    expect(await serverDocs(`users/${uid}/weightRecords`)).toHaveLength(1);
    expect((await fields(`users/${uid}`))?.currentWeight).toBeDefined();
  }, 240_000);

  it('with the browser offline: the profile, the goal, the preferences and a post wait to sync, then arrive', async () => {
    // Each page drawn once online (their code is then in the page; the service worker is blocked).
    await nav(page, 'Account');
    await section('Your Daily Goal').getByRole('button', { name: 'Save Goal' }).waitFor({ timeout: 30_000 });
    await nav(page, 'Community');
    await page.getByLabel('Post message').waitFor({ timeout: 30_000 });
    await nav(page, 'User');
    const profile = section('Your Profile');
    await profile.getByRole('button', { name: 'Save Profile' }).waitFor({ timeout: 30_000 });

    await context.setOffline(true);
    await profile.getByLabel('Target weight').fill('170');
    await profile.getByRole('button', { name: 'Save Profile' }).click();
    await profile.getByText(WAITING).waitFor({ timeout: 10_000 });
    await pendingChip().waitFor({ timeout: 10_000 });

    await nav(page, 'Account');
    const goal = section('Your Daily Goal');
    await goal.getByRole('spinbutton', { name: 'Target' }).fill('45');
    await goal.getByRole('button', { name: 'Save Goal' }).click();
    await goal.getByText(WAITING).waitFor({ timeout: 10_000 });
    const activities = section('Manage Activities');
    await activities.getByRole('button', { name: /^Flexibility/ }).click();
    await activities.getByRole('button', { name: 'Clear Flexibility activities' }).click();
    await activities.getByRole('button', { name: 'Save Activities' }).click();
    await activities.getByText(WAITING).waitFor({ timeout: 10_000 });

    await nav(page, 'Community');
    const message = `Offline hello ${stamp}`;
    await page.getByLabel('Post message').fill(message);
    await page.getByLabel('Post message').press('Enter');
    await page
      .getByRole('list', { name: 'Posts' })
      .getByRole('listitem')
      .filter({ hasText: message })
      .waitFor();
    expect(await page.getByLabel('Post message').inputValue()).toBe('');
    await screenshot(page, 'offline-saves-community');
    expect(await page.getByText(/^Failed to/).count()).toBe(0);

    await context.setOffline(false);
    await pendingChip().waitFor({ state: 'detached', timeout: 90_000 });
    await expect
      .poll(async () => (await fields(`users/${uid}`))?.targetWeight, { timeout: 30_000 })
      .toBeDefined();
    expect((await fields(`users/${uid}/preferences/goals`))?.target).toEqual({ stringValue: '45' });
    const kept = JSON.stringify(await fields(`users/${uid}/preferences/activities`));
    expect(kept).toContain('Running');
    expect(kept).not.toContain('Yoga');
    expect(JSON.stringify(await serverDocs(`users/${uid}/posts`))).toContain(message);
    expect(await page.getByText(/^Failed to/).count()).toBe(0);
  }, 240_000);

  it('a save the server refuses when it arrives says its spec message, in the frame once its form has gone', async () => {
    await context.setOffline(true);
    const message = `Refused later ${stamp}`;
    await page.getByLabel('Post message').fill(message);
    await page.getByLabel('Post message').press('Enter');
    await pendingChip().waitFor({ timeout: 10_000 });
    // The composer leaves the screen; the account is deleted elsewhere meanwhile.
    await nav(page, 'User');
    await tombstone(uid);
    await context.setOffline(false);
    const alert = page
      .getByRole('main')
      .getByRole('alert')
      .filter({ hasText: 'Failed to add post. Please try again.' });
    await alert.waitFor({ timeout: 90_000 });
    await screenshot(page, 'offline-saves-refused');
    await pendingChip().waitFor({ state: 'detached', timeout: 10_000 });
    expect(JSON.stringify(await serverDocs(`users/${uid}/posts`))).not.toContain(message);
    await alert.getByRole('button', { name: 'Close' }).click();
    await alert.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  }, 180_000);
});
