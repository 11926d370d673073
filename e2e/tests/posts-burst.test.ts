/**
 * Thirty posts made as fast as the page takes them: every one reaches the server (read
 * as an admin) and the community list, and nothing says a post failed. A burst once lost posts
 * without a word: the SDK sends a write again when its stream reopens under load, and the rules
 * refused the copy of a post already stored (firestore.rules: a post sent again as stored).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nav, setDisplayName, signUpAndVerify } from './people.ts';
import { accountOf, launchBrowser, newPage, screenshot, serverDocs } from './stack.ts';

const stamp = Date.now().toString(36);
const bea = { email: `bea-${stamp}@example.com`, name: `Bea ${stamp}` };
const BURST = 30;

let browser: Browser;
let page: Page;
let errors: string[] = [];

describe('a burst of posts', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page, errors } = await newPage(browser));
    await signUpAndVerify(page, bea);
    await setDisplayName(page, bea.name);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it(`posts ${BURST} quickly and finds ${BURST}`, async () => {
    const uid = (await accountOf(bea.email))?.localId ?? '';
    await nav(page, 'Community');
    const field = page.getByLabel('Post message');
    await field.waitFor();
    // Typed and sent one after another in a single task: the writes leave together.
    await page.evaluate(
      ({ stamp, burst }) => {
        const input = document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Post message"]');
        const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
        if (!input || !setValue) throw new Error('no composer');
        for (let i = 1; i <= burst; i++) {
          setValue.call(input, `Burst ${stamp} #${i}`);
          input.dispatchEvent(new Event('input', { bubbles: true }));
          input.dispatchEvent(
            new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }),
          );
        }
      },
      { stamp, burst: BURST },
    );
    const posts = page
      .getByRole('list', { name: 'Posts' })
      .getByRole('listitem')
      .filter({ hasText: `Burst ${stamp} #` });
    await expect
      .poll(async () => (await serverDocs(`users/${uid}/posts?pageSize=100`)).length, { timeout: 120_000 })
      .toBe(BURST);
    // The list shows the newest 30: all of the burst, each once, as the feed has them.
    await expect.poll(() => posts.count(), { timeout: 60_000 }).toBe(BURST);
    await expect.poll(() => page.locator('[data-pending="true"]').count(), { timeout: 60_000 }).toBe(0);
    // The messages alone: a post's text content also holds its kudos and comment counts.
    const messages = page
      .getByRole('list', { name: 'Posts' })
      .getByText(new RegExp(`^Burst ${stamp} #\\d+$`));
    const numbers = (await messages.allTextContents()).map((text) => Number(/#(\d+)$/.exec(text)?.[1]));
    expect(numbers.sort((x, y) => x - y)).toEqual(Array.from({ length: BURST }, (_, i) => i + 1));
    expect(await page.getByText('Failed to add post. Please try again.').count()).toBe(0);
    await screenshot(page, 'posts-burst');
    expect(errors).toEqual([]);
  }, 240_000);
});
