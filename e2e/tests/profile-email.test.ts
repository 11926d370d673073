/**
 * The profile's email is the sign-in's: the rules take it, when first set, only as the ID token's,
 * which Firebase Auth keeps in lower case. A sign-up typed in mixed case gets its profile, with
 * the account's address.
 */
import { paths } from '@fit/shared/model';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from './people.ts';
import { accountOf, launchBrowser, newPage, screenshot, serverDocs } from './stack.ts';

const stamp = Date.now().toString(36);
const typed = `Pat.Case-${stamp}@Example.COM`;
const email = typed.toLowerCase();

let browser: Browser;

describe("the profile's email", () => {
  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('a sign-up typed in mixed case stores the account’s address, which the rules take', async () => {
    const { page, errors } = await newPage(browser, { width: 390, height: 844 });
    await signUpAndVerify(page, { email: typed, name: '' }, { firstRun: 'leave' });
    const uid = (await accountOf(email))?.localId ?? '';
    expect(uid).not.toBe('');
    const [profile] = (await serverDocs(paths.user(uid))) as {
      fields?: Record<string, { stringValue?: string }>;
    }[];
    expect(profile?.fields?.email?.stringValue).toBe(email);
    expect(profile?.fields?.userId?.stringValue).toBe(uid);
    await screenshot(page, 'profile-email-01-mixed-case-signup');
    expect(errors).toEqual([]);
  });
});
