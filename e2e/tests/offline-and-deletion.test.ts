/**
 * Offline writes and account deletion, on the official emulator suite: Firestore keeps a write made
 * offline and the top bar shows it as waiting to sync until the server has it (and an online write
 * never shows so), logging out erases the browser's copy of the person's data (asking first while a
 * write waits to sync), and the deleteAccount callable demands a recent sign-in. Every claim about
 * the server is checked by reading the Firestore and Auth emulators as an admin.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheMentions, firestoreDatabases as databasesIn } from './browser-storage.ts';
import { dismissGoalPopup, logActivity, nav, PASSWORD, signUpAndVerify } from './people.ts';
import { accountOf, launchBrowser, newPage, screenshot, serverDocs } from './stack.ts';

const stamp = Date.now().toString(36);
const carol = { email: `carol-${stamp}@example.com`, name: `Carol ${stamp}` };
const dave = { email: `dave-${stamp}@example.com`, name: `Dave ${stamp}` };

let browser: Browser;
let context: BrowserContext;
let page: Page;
let carolUid: string;
let errors: string[] = [];

const pendingChip = () => page.getByRole('status').filter({ hasText: 'Saved offline, syncing' });
const repsOnServer = async (uid: string) =>
  (await serverDocs(`users/${uid}/reps`)).map((d) => JSON.stringify((d as { fields: unknown }).fields));
/** Each time the pending marker was shown and went away, however briefly: where and for how long. */
const pendingShown = () =>
  page.evaluate(() => (window as unknown as { pendingShown: string[] }).pendingShown);

/** This origin's Firestore databases, read in `p` (the main page unless said). */
const firestoreDatabases = (p: Page = page) => databasesIn(p);

/** Signs `who` up in `p` and logs a Rowing of `minutes`, kept in the SDK's cache; their uid. */
async function signUpWithCachedRowing(
  p: Page,
  who: { email: string; name: string },
  minutes: number,
): Promise<string> {
  await signUpAndVerify(p, who);
  const uid = (await accountOf(who.email))?.localId ?? '';
  await logActivity(p, 'Rowing', minutes);
  await p.getByRole('table').first().getByText('Rowing').waitFor();
  await expect.poll(() => cacheMentions(p, uid), { timeout: 10_000 }).toBeGreaterThan(0);
  return uid;
}

/** Ages the ID token of the next deleteAccount call by an hour, as if the sign-in were old. */
async function ageNextDeletionToken(ctx: BrowserContext): Promise<{ aged: () => boolean }> {
  let done = false;
  await ctx.route('**/deleteAccount', async (route) => {
    const request = route.request();
    const auth = request.headers().authorization;
    if (done || request.method() !== 'POST' || !auth) return route.continue();
    done = true;
    // The Auth emulator's tokens are unsigned (alg none); the Functions emulator reads their claims.
    const [header, payload, signature] = auth.replace(/^Bearer /, '').split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    claims.auth_time = Math.floor(Date.now() / 1000) - 3600;
    const aged = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature ?? ''}`;
    return route.continue({ headers: { ...request.headers(), authorization: `Bearer ${aged}` } });
  });
  return { aged: () => done };
}

describe('offline writes and the deletion callable', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
    const opened = await newPage(browser);
    context = opened.context;
    page = opened.page;
    errors = opened.errors;
    await context.addInitScript(() => {
      const w = window as unknown as { pendingShown: string[] };
      w.pendingShown = [];
      let shownAt: number | undefined;
      new MutationObserver(() => {
        const now = [...document.querySelectorAll('[role="status"]')].some((e) =>
          e.textContent?.includes('Saved offline'),
        );
        if (now && shownAt === undefined) shownAt = performance.now();
        if (!now && shownAt !== undefined) {
          w.pendingShown.push(`${location.pathname} for ${Math.round(performance.now() - shownAt)} ms`);
          shownAt = undefined;
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows an online write as saved, never as waiting to sync', async () => {
    await signUpAndVerify(page, carol);
    carolUid = (await accountOf(carol.email))?.localId ?? '';
    expect(carolUid).not.toBe('');
    // The first rep of the run waits for its trigger's cold start: the emulator delivers the event
    // before it confirms the write (production does not), seconds on a busy machine. Warm it first.
    await logActivity(page, 'Cycling', 25);
    await expect.poll(() => repsOnServer(carolUid), { timeout: 30_000 }).toHaveLength(1);
    await page.evaluate(() => {
      (window as unknown as { pendingShown: string[] }).pendingShown.length = 0;
    });
    await logActivity(page, 'Running', 15);
    await page.getByRole('table').first().getByText('Running').waitFor();
    await expect.poll(() => repsOnServer(carolUid), { timeout: 10_000 }).toHaveLength(2);
    // Long past the moment the marker used to flash.
    await page.waitForTimeout(2000);
    expect(await pendingShown()).toEqual([]);
  });

  it('shows a write made offline as waiting to sync until the server has it, and only then', async () => {
    await context.setOffline(true);
    await logActivity(page, 'Yoga', 35);
    // Accepted locally: in the history at once, marked as waiting, and not on the server.
    await page.getByRole('table').first().getByText('Yoga').waitFor();
    await pendingChip().waitFor();
    await screenshot(page, '20-offline-write');
    await page.waitForTimeout(3000);
    expect(await pendingChip().isVisible()).toBe(true);
    expect(await repsOnServer(carolUid)).toHaveLength(2);

    await context.setOffline(false);
    await pendingChip().waitFor({ state: 'detached', timeout: 30_000 });
    // The marker went away because the server confirmed the write: it is there now.
    const reps = await repsOnServer(carolUid);
    expect(reps).toHaveLength(3);
    expect(reps.some((r) => r.includes('Yoga'))).toBe(true);
    expect(await pendingShown()).toEqual([expect.stringMatching(/^\/user for \d+ ms$/)]);
  });

  it('logging out erases the offline copy from this browser, asking first while a write waits to sync', async () => {
    expect(await firestoreDatabases()).not.toEqual([]); // the cache the SDK keeps for Carol

    await context.setOffline(true);
    await logActivity(page, 'Walking', 40);
    await pendingChip().waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    const ask = page.getByRole('dialog', { name: 'Log out and lose unsent changes?' });
    await ask.getByText(/^1 change made offline has not reached the server yet\./).waitFor();
    await screenshot(page, '22-logout-unsent');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, '22-logout-unsent-dark-390');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/user');

    await context.setOffline(false);
    await pendingChip().waitFor({ state: 'detached', timeout: 30_000 });
    expect(await repsOnServer(carolUid)).toHaveLength(4);
    // With a second, live tab of the session open: the auth SDK tells it of the sign-out, and it
    // moves to /login too and stops its Firestore instance. The tab that logged out deletes the
    // cache (web/src/data/page-backend.ts); the deletion waits for every instance to let go of it.
    const second = await context.newPage();
    await second.goto('/community');
    await second.getByRole('heading', { name: 'Community', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await second.waitForURL('**/login', { timeout: 10_000 });
    await second.getByRole('button', { name: 'Login' }).waitFor({ timeout: 10_000 });
    // Gone, or at least nothing of Carol's left in it. If a database of that name is still listed,
    // it must hold nothing of Carol's (opened again, empty, after the deletion); if it does, the
    // deletion never happened: that fails here, saying what was seen.
    const until = Date.now() + 15_000;
    while ((await firestoreDatabases()).length > 0 && Date.now() < until) await page.waitForTimeout(250);
    const left = await firestoreDatabases();
    if (left.length > 0) {
      const mentions = await cacheMentions(page, carolUid);
      console.warn(
        `After Logout, still listed: ${left.join(', ')}, ${mentions < 0 ? 'not openable (its deletion still waits)' : `holding ${mentions} entries naming Carol`}; the other tab is on ${second.url()}`,
      );
      expect(mentions, 'entries of the offline cache naming Carol after Logout').toBe(0);
    }
    await second.close();

    // The same tab, no reload: the next session's store starts afresh and reads from the server.
    await page.getByLabel('Email').fill(carol.email);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/account'); // Carol has not named herself
    await nav(page, 'User');
    await dismissGoalPopup(page); // "not now" was the ended session's, and went with it
    await page.getByRole('table').first().getByText('Walking').waitFor({ timeout: 20_000 });
    expect(await firestoreDatabases()).not.toEqual([]);
  });

  it('asks for the password again when the sign-in is older than the window, deleting nothing until then', async () => {
    const aging = await ageNextDeletionToken(context);
    await nav(page, 'Account');
    await page.waitForURL('**/account');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete my account' }).click();
    const reauth = page.getByRole('dialog', { name: "Confirm it's you" });
    await reauth.getByText('For your security, enter your password again to delete your account.').waitFor();
    expect(aging.aged()).toBe(true);
    // The callable refused: everything is still there.
    expect(await serverDocs(`users/${carolUid}`)).toHaveLength(1);
    expect(await repsOnServer(carolUid)).toHaveLength(4);
    expect(await accountOf(carol.email)).toBeDefined();
    await screenshot(page, '21-reauth');

    await reauth.getByLabel('Password').fill(PASSWORD);
    await reauth.getByRole('button', { name: 'Confirm and delete' }).click();
    await page.waitForURL('**/login', { timeout: 30_000 });
    expect(await serverDocs(`users/${carolUid}`)).toEqual([]);
    expect(await repsOnServer(carolUid)).toEqual([]);
    expect(await accountOf(carol.email)).toBeUndefined();
  });

  it('deletes at once with a recent sign-in: the callable removes the data and the sign-in', async () => {
    const { context: ctx, page: davePage } = await newPage(browser);
    await signUpAndVerify(davePage, dave);
    const uid = (await accountOf(dave.email))?.localId ?? '';
    await logActivity(davePage, 'Running', 20);
    await expect.poll(() => repsOnServer(uid), { timeout: 10_000 }).toHaveLength(1);
    await nav(davePage, 'Account');
    await davePage.getByRole('button', { name: 'Delete Account' }).click();
    await davePage.getByRole('dialog').getByRole('button', { name: 'Delete my account' }).click();
    await davePage.waitForURL('**/login', { timeout: 30_000 });
    expect(await davePage.getByRole('dialog', { name: "Confirm it's you" }).count()).toBe(0);
    expect(await serverDocs(`users/${uid}`)).toEqual([]);
    expect(await repsOnServer(uid)).toEqual([]);
    expect(await accountOf(dave.email)).toBeUndefined();
    await ctx.close();
  });

  it('a sign-in as someone else erases what the browser kept of a session that ended unseen', async () => {
    const erin = { email: `erin-${stamp}@example.com`, name: `Erin ${stamp}` };
    const finn = { email: `finn-${stamp}@example.com`, name: `Finn ${stamp}` };
    const { context: ctx, page: p, errors: pageErrors } = await newPage(browser);
    const erinUid = await signUpWithCachedRowing(p, erin, 30);

    // Her sign-in ends while no page of the app is open (revoked elsewhere, or the browser cleared
    // its sign-in): no page sees it end, so nothing is erased then.
    await p.goto('/manifest.webmanifest');
    await p.evaluate(async () => {
      for (const key of Object.keys(localStorage))
        if (key.startsWith('firebase:')) localStorage.removeItem(key);
      await new Promise((resolve, reject) => {
        const request = indexedDB.deleteDatabase('firebaseLocalStorageDb');
        request.onsuccess = resolve;
        request.onerror = () => reject(request.error);
      });
    });
    expect(await cacheMentions(p, erinUid)).toBeGreaterThan(0);

    // The next person signs up on the same browser: Erin's copy goes before theirs starts.
    await signUpWithCachedRowing(p, finn, 20);
    expect(await cacheMentions(p, erinUid)).toBe(0);
    expect(pageErrors).toEqual([]);
    await ctx.close();
  });

  it('a Logout whose tab is closed before the erasure could finish: the next page of the site finishes it', async () => {
    const gina = { email: `gina-${stamp}@example.com`, name: `Gina ${stamp}` };
    const { context: ctx, page: p, errors: pageErrors } = await newPage(browser);
    await signUpWithCachedRowing(p, gina, 30);

    // A page of the site that holds the cache open and never lets go when asked (a frozen tab):
    // the deletion Logout leads to waits for it.
    const holder = await ctx.newPage();
    await holder.goto('/manifest.webmanifest');
    await holder.evaluate(async () => {
      const name = (await indexedDB.databases()).find((db) => db.name?.startsWith('firestore/'))?.name;
      if (!name) throw new Error('no Firestore cache to hold');
      await new Promise((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => {
          const held = request.result;
          // Notes the deletion's request to let go, and never does.
          held.onversionchange = () => Object.assign(window, { askedToLetGo: true });
          Object.assign(window, { held });
          resolve(null);
        };
        request.onerror = () => reject(request.error);
      });
    });
    await p.getByRole('button', { name: 'Logout' }).click();
    await p.waitForURL('**/login');
    await p.getByRole('button', { name: 'Login' }).waitFor();
    // The tab that logged out asked for the deletion, which waits for the holder.
    await expect.poll(() => holder.evaluate(() => 'askedToLetGo' in window), { timeout: 15_000 }).toBe(true);
    expect(await firestoreDatabases(p)).not.toEqual([]);
    await p.close(); // the tab goes while its deletion waits
    await holder.close();

    // The next page of the site, whichever it is (here the landing page), finishes the job: nobody
    // is signed in, and a Firestore database is listed.
    const next = await ctx.newPage();
    await next.goto('/');
    await expect.poll(() => firestoreDatabases(next), { timeout: 15_000 }).toEqual([]);
    expect(pageErrors).toEqual([]);
    await ctx.close();
  });

  it('raised no uncaught page errors', () => {
    expect(errors).toEqual([]);
  });
});
