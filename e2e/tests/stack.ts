/**
 * What a journey needs from the stack `scripts/run-e2e.mjs` started: the app URL, the Auth
 * emulator (for verification links and account resets), and Debian's Chromium via playwright-core.
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
export const PROJECT_ID = process.env.E2E_PROJECT_ID ?? 'demo-fittrack';
export const ARTIFACTS = join(import.meta.dirname, '..', '..', 'artifacts', 'e2e');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export async function newPage(browser: Browser, viewport = { width: 1280, height: 900 }) {
  const context: BrowserContext = await browser.newContext({ viewport, baseURL: APP_URL });
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
}

/** Opens the newest verification link the emulator "sent" to `email`, as the person would. */
export async function verifyEmail(email: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const res = await fetch(`http://${AUTH_HOST}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
    const { oobCodes } = (await res.json()) as { oobCodes: OobCode[] };
    const code = oobCodes.filter((c) => c.email === email && c.requestType === 'VERIFY_EMAIL').at(-1);
    if (code) {
      const link = new URL(code.oobLink);
      // The emulator's link points at its own action handler; opening it verifies the address.
      const opened = await fetch(link);
      if (!opened.ok) throw new Error(`Opening the verification link failed: HTTP ${opened.status}`);
      return;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No verification email for ${email}`);
}
