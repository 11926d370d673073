/**
 * What a journey needs from the emulator suite `scripts/run-e2e.mjs` started: the app URL, the Auth
 * emulator (for verification links and account resets), the Firestore emulator (to read what the
 * server holds), and Debian's Chromium via playwright-core.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the journeys with \`npm run test:e2e\`.`);
  return value;
}

export const APP_URL = required('E2E_APP_URL');
export const AUTH_HOST = required('E2E_AUTH_HOST');
/** `host:port` of the Firestore emulator, for reading the server's documents as an admin. */
export const FIRESTORE_HOST = required('E2E_FIRESTORE_HOST');
export const PROJECT_ID = process.env.E2E_PROJECT_ID ?? 'demo-fittrack';
export const ARTIFACTS = join(import.meta.dirname, '..', '..', 'artifacts', 'e2e');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/**
 * A page in a fresh context. `serviceWorkers: 'block'` for journeys that cut the network with
 * Playwright's routes: what the app's service worker answers from its cache never reaches them.
 * Reduced motion: MUI's transitions and the Live chip's pulse cost CPU in this software-rendered
 * Chromium (an endless pulse took 1.4 against 0.3 CPU-s per idle 10 s of a /community tab).
 */
export async function newPage(
  browser: Browser,
  viewport = { width: 1280, height: 900 },
  options: { serviceWorkers?: 'allow' | 'block'; bypassCSP?: boolean } = {},
) {
  const context: BrowserContext = await browser.newContext({
    viewport,
    baseURL: APP_URL,
    reducedMotion: 'reduce',
    ...options,
  });
  // Playwright's 30 s default was short for a page load on a loaded machine (a sign-in redirect
  // took 37 s); 60 s still fails within the test's 90 s, with Playwright's own message.
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  // From the top: a full-page shot of a scrolled page paints the sticky top bar mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

interface OobCode {
  email: string;
  requestType: string;
  oobLink: string;
  oobCode: string;
}

/** The newest out-of-band email of `requestType` the Auth emulator "sent" to `email` (waits for it). */
async function newestOob(email: string, requestType: 'PASSWORD_RESET' | 'VERIFY_EMAIL'): Promise<OobCode> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const res = await fetch(`http://${AUTH_HOST}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
    const { oobCodes } = (await res.json()) as { oobCodes: OobCode[] };
    const code = oobCodes.filter((c) => c.email === email && c.requestType === requestType).at(-1);
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No ${requestType} email for ${email}`);
}

/** The newest out-of-band code of `requestType` the Auth emulator "sent" to `email` (waits for it). */
export async function oobCodeFor(
  email: string,
  requestType: 'PASSWORD_RESET' | 'VERIFY_EMAIL',
): Promise<string> {
  return (await newestOob(email, requestType)).oobCode;
}

/** Creates a verified email account in the Auth emulator directly (no profile, no app). */
export async function createAccount(email: string, password: string): Promise<void> {
  const base = `http://${AUTH_HOST}/identitytoolkit.googleapis.com/v1`;
  const res = await fetch(`${base}/accounts:signUp?key=fake-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  if (!res.ok) throw new Error(`Creating ${email}: HTTP ${res.status} ${await res.text()}`);
  const { localId } = (await res.json()) as { localId: string };
  const update = await fetch(`${base}/projects/${PROJECT_ID}/accounts:update`, {
    method: 'POST',
    headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
    body: JSON.stringify({ localId, emailVerified: true }),
  });
  if (!update.ok) throw new Error(`Verifying ${email}: HTTP ${update.status}`);
}

/** Opens the newest verification link the emulator "sent" to `email`, as the person would. */
export async function verifyEmail(email: string): Promise<void> {
  // The emulator's link points at its own action handler; opening it verifies the address.
  const opened = await fetch(new URL((await newestOob(email, 'VERIFY_EMAIL')).oobLink));
  if (!opened.ok) throw new Error(`Opening the verification link failed: HTTP ${opened.status}`);
}

/** The Auth emulator's account for `email`, read as an admin; undefined when there is none. */
export async function accountOf(email: string): Promise<{ localId: string } | undefined> {
  const res = await fetch(
    `http://${AUTH_HOST}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:query`,
    {
      method: 'POST',
      headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      body: JSON.stringify({ returnUserInfo: true }),
    },
  );
  const { userInfo = [] } = (await res.json()) as { userInfo?: { localId: string; email?: string }[] };
  return userInfo.find((u) => u.email === email);
}

/**
 * The documents of a collection (or the one document) at `path` as the server holds them, read
 * past the rules as an admin from the Firestore emulator: what a write really left there.
 */
export async function serverDocs(path: string): Promise<Record<string, unknown>[]> {
  const res = await fetch(
    `http://${FIRESTORE_HOST}/v1/projects/${PROJECT_ID}/databases/(default)/documents/${path}`,
    {
      headers: { authorization: 'Bearer owner' },
    },
  );
  if (res.status === 404) return [];
  if (!res.ok) throw new Error(`Reading ${path} from the Firestore emulator: HTTP ${res.status}`);
  const body = (await res.json()) as { documents?: Record<string, unknown>[]; fields?: unknown };
  return body.fields ? [body] : (body.documents ?? []);
}
