// Screenshots of the harness in Debian's Chromium: node web/src/features/community/harness/shoot.mjs <baseUrl>
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://127.0.0.1:5199';
const out = new URL('../../../../../artifacts/community/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const shots = [
  ['desktop', { width: 1280, height: 900 }, ''],
  ['phone', { width: 390, height: 844 }, ''],
  ['tablet', { width: 820, height: 1180 }, ''],
  ['empty', { width: 1280, height: 900 }, '?empty'],
];
for (const [name, viewport, query] of shots) {
  const page = await browser.newPage({ viewport });
  page.on('pageerror', (e) => console.error(name, 'pageerror', e.message));
  page.on('console', (m) => m.type() === 'error' && console.error(name, 'console', m.text()));
  await page.goto(`${base}/src/features/community/harness/index.html${query}`);
  await page.waitForSelector('h1');
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${out}${name}.png`, fullPage: true });
  if (name === 'desktop') {
    await page
      .getByRole('textbox', { name: 'Post message' })
      .fill('Just posted from the harness, see https://example.com');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
    await page.screenshot({
      path: `${out}posting.png`,
      clip: { x: 0, y: 0, width: 1280, height: 1400 },
      fullPage: true,
    });
    await page.waitForTimeout(2500);
    await page.getByRole('tab', { name: 'Weekly' }).click();
    await page.getByText('Marcus Chen').first().hover();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${out}posted-weekly.png`, fullPage: true });
  }
  await page.close();
}
await browser.close();
console.log('wrote', out);
