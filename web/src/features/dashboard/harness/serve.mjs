#!/usr/bin/env node
/**
 * Screenshots of the dashboard harness (index.html here) in Debian's Chromium, into artifacts/:
 *   node web/src/features/dashboard/harness/serve.mjs [--keep]
 * Desktop and phone widths, the seeded and the empty account, plus a few popups.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
const out = resolve(here, '../../../../../artifacts/dashboard');
mkdirSync(out, { recursive: true });

const server = await createServer({
  configFile: false,
  root: here,
  plugins: [react()],
  logLevel: 'warn',
  server: { host: '127.0.0.1', port: 0, fs: { allow: [resolve(here, '../../../../..')] } },
});
await server.listen();
const address = server.httpServer.address();
const base = `http://127.0.0.1:${address.port}/`;
console.log('harness at', base);

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const errors = [];
const inspect = process.argv.includes('--inspect');
try {
  for (const vp of [
    { name: 'desktop', width: 1280, height: 900 },
    { name: 'phone', width: 390, height: 844 },
    { name: 'tablet', width: 820, height: 1180 },
  ]) {
    for (const variant of vp.name === 'tablet' ? [''] : ['', 'empty']) {
      const page = await browser.newPage({ viewport: { width: vp.width, height: vp.height } });
      page.on('pageerror', (e) => errors.push(`${vp.name}${variant}: ${e.message}`));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(`${vp.name}${variant}: ${m.text()}`);
      });
      await page.goto(`${base}${variant ? '?empty' : ''}`, { waitUntil: 'networkidle', timeout: 120_000 });
      await page.getByText('Your Stats').waitFor({ timeout: 120_000 });
      await page.waitForTimeout(1500);
      if (variant === 'empty') {
        // The goal popup greets a new account; take it, then dismiss it.
        await page.screenshot({ path: `${out}/${vp.name}-empty-goal-popup.png` });
        await page.getByRole('button', { name: 'Maybe Later' }).click();
        await page.waitForTimeout(500);
      }
      await page.screenshot({ path: `${out}/${vp.name}${variant ? `-${variant}` : ''}.png`, fullPage: true });
      if (inspect && !variant) {
        const axes = await page.evaluate(() =>
          [...document.querySelectorAll('[data-testid="weight-chart"] .MuiChartsAxis-root')].map((a) =>
            a.outerHTML.slice(0, 1500),
          ),
        );
        console.log(axes.join('\n\n'));
        continue;
      }
      if (vp.name === 'phone' && !variant) {
        for (const name of ['Recent Activities', 'Your Stats', 'Weight Tracking']) {
          await page
            .locator('section', { has: page.getByRole('heading', { name, exact: true }) })
            .screenshot({ path: `${out}/phone-section-${name.toLowerCase().replace(/ /g, '-')}.png` });
        }
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      if (overflow) errors.push(`${vp.name}${variant}: horizontal overflow`);
      if (!variant && vp.name !== 'tablet') {
        const popups = [
          ['MET values', 'met'],
          ['How calories are calculated', 'calories-help'],
          ['What is BMI?', 'bmi'],
        ];
        for (const [label, file] of popups) {
          await page.getByRole('button', { name: label }).first().click();
          await page.waitForTimeout(500);
          await page.screenshot({ path: `${out}/${vp.name}-popup-${file}.png` });
          await page.keyboard.press('Escape');
          await page.waitForTimeout(400);
        }
        await page.getByRole('button', { name: 'Show All' }).first().click();
        await page.getByText('Page 1 of 2').waitFor();
        await page.waitForTimeout(600);
        await page.screenshot({ path: `${out}/${vp.name}-popup-all-activities.png` });
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByText('Page 2 of 2').waitFor();
        await page.locator('[role="dialog"] tbody tr').first().click();
        await page.waitForTimeout(500);
        await page.screenshot({ path: `${out}/${vp.name}-popup-activity-details.png` });
      }
      await page.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
console.log(errors.length ? `problems:\n${errors.join('\n')}` : 'no page errors');
