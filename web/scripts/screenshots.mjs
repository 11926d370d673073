#!/usr/bin/env node
/**
 * Looks at the built app: serves web/dist with `vite preview` on a free port and screenshots the
 * public routes at phone and desktop widths into artifacts/ (gitignored), printing the gzipped
 * JavaScript each page loads and flagging horizontal overflow. Not part of the tests.
 *
 *   npm run build -w web && node web/scripts/screenshots.mjs [route ...]
 *
 * Uses Debian's Chromium (/usr/bin/chromium; `apt-get install -y chromium` when missing).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { freePort } from '../../scripts/ports.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const webDir = resolve(here, '..');
const outDir = resolve(webDir, '..', 'artifacts');
const routes =
  process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/', '/login', '/signup', '/verify-email'];
const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

async function waitFor(url, ms = 20_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

if (!existsSync(join(webDir, 'dist', 'index.html'))) {
  console.error('web/dist is missing: run `npm run build -w web` first.');
  process.exit(1);
}
mkdirSync(outDir, { recursive: true });
const port = await freePort();
const vite = join(webDir, '..', 'node_modules', '.bin', 'vite');
const preview = spawn(vite, ['preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
  cwd: webDir,
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
let browser;
try {
  await waitFor(base);
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  for (const route of routes) {
    for (const viewport of viewports) {
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
      });
      const page = await context.newPage();
      const scripts = new Map();
      page.on('response', async (response) => {
        if (!response.url().endsWith('.js')) return;
        try {
          scripts.set(response.url(), gzipSync(await response.body()).length);
        } catch {}
      });
      await page.goto(base + route, { waitUntil: 'networkidle' });
      await page.waitForTimeout(300);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      const file = join(
        outDir,
        `${route === '/' ? 'landing' : route.slice(1).replaceAll('/', '-')}-${viewport.width}.png`,
      );
      await page.screenshot({ path: file, fullPage: true });
      const kb = [...scripts.values()].reduce((a, b) => a + b, 0) / 1024;
      console.log(
        `${route.padEnd(14)} ${String(viewport.width).padStart(4)}px  JS ${kb.toFixed(1)} KB gz in ${scripts.size} files` +
          `${overflow > 0 ? `  OVERFLOW ${overflow}px` : ''}  -> ${file}`,
      );
      await context.close();
    }
  }
} finally {
  await browser?.close();
  preview.kill();
}
