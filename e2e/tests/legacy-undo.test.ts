/**
 * An activity whose name left the catalogue, against the real rules: Undo would write it back as a
 * new entry, which the rules refuse. Its popup warns that a delete is final; the delete's Snackbar
 * says why and offers no Undo; nothing comes back. The warning at 390 px light and 1280 px dark,
 * the Snackbar at 1280 px dark and 390 px light, each checked by axe.
 */
import { join } from 'node:path';
import { paths } from '@fit/shared/model';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.ts';
import { signUpAndVerify } from './people.ts';
import {
  ARTIFACTS,
  accountOf,
  FIRESTORE_HOST,
  launchBrowser,
  newPage,
  PROJECT_ID,
  screenshot,
  serverDocs,
} from './stack.ts';

const stamp = Date.now().toString(36);
const who = { email: `legacy-${stamp}@example.com`, name: `Lee ${stamp}` };
const NOT_IN_CATALOGUE =
  'Activity deleted. It cannot be undone: this activity is no longer in the catalogue.';
const WARNING = 'Deleting it cannot be undone.';

let browser: Browser;
let page: Page;
let errors: string[] = [];

/** An activity stored before its name left the catalogue (written as an admin: the rules refuse it now). */
async function storeLegacyActivity(uid: string): Promise<void> {
  const timestamp = String(Date.now() - 3_600_000);
  const res = await fetch(
    `http://${FIRESTORE_HOST}/v1/projects/${PROJECT_ID}/databases/(default)/documents/${paths.rep(uid, 'legacy1')}`,
    {
      method: 'PATCH',
      headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      body: JSON.stringify({
        fields: {
          activityType: { stringValue: 'Jazzercise' },
          time: { integerValue: '30' },
          calorieUnits: { integerValue: '0' },
          timestamp: { integerValue: timestamp },
          loggedAt: { integerValue: timestamp },
        },
      }),
    },
  );
  if (!res.ok) throw new Error(`Writing the legacy activity: HTTP ${res.status}`);
}

describe('an activity no longer in the catalogue', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
    // bypassCSP: axe is injected (the app's CSP allows no foreign script).
    ({ page, errors } = await newPage(browser, { width: 390, height: 844 }, { bypassCSP: true }));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('is deleted with a warning, and the Snackbar says why there is no Undo', async () => {
    await signUpAndVerify(page, who);
    const uid = (await accountOf(who.email))?.localId ?? '';
    expect(uid).not.toBe('');
    await storeLegacyActivity(uid);
    await page.reload();
    const recent = page.getByRole('region', { name: 'Recent Activities' });
    await recent.getByRole('button', { name: /^Jazzercise, .*: details$/ }).click({ timeout: 30_000 });
    const details = page.getByRole('dialog', { name: 'Activity Details' });
    await details.getByText(WARNING).waitFor();
    await screenshot(page, 'legacy-undo-01-warning-390');
    await expectNoAxeViolations(page, 'the warning, 390 px light');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: join(ARTIFACTS, 'legacy-undo-03-warning-1280-dark.png') });
    await expectNoAxeViolations(page, 'the warning, 1280 px dark');
    await details.getByRole('button', { name: 'Delete' }).click();
    await details.waitFor({ state: 'detached' });
    const said = page.getByRole('alert').filter({ hasText: NOT_IN_CATALOGUE });
    await said.hover({ timeout: 30_000 }); // hovered, the Snackbar waits
    expect(await said.getByRole('button', { name: 'Undo' }).count()).toBe(0);
    // The viewport as it is (a full-page shot from the top would leave the Snackbar out of view).
    await page.screenshot({ path: join(ARTIFACTS, 'legacy-undo-04-no-undo-1280-dark.png') });
    await expectNoAxeViolations(page, 'the Snackbar, 1280 px dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.screenshot({ path: join(ARTIFACTS, 'legacy-undo-02-no-undo-390.png') });
    await expectNoAxeViolations(page, 'the Snackbar, 390 px light');
    await expect.poll(() => serverDocs(paths.reps(uid)), { timeout: 20_000 }).toEqual([]);
    expect(errors).toEqual([]);
  });
});
