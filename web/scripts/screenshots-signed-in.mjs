#!/usr/bin/env node
/**
 * Screenshots of the signed-in screens through the harness (scripts/harness: FakeAuth + MemoryStore
 * on the Vite dev server), at phone and desktop widths, into artifacts/. Not part of the tests.
 *
 *   node web/scripts/screenshots-signed-in.mjs [/account /user /community]
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const webDir = resolve(here, '..');
const outDir = resolve(webDir, '..', 'artifacts');
const routes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/account', '/user', '/community'];

const port = await new Promise((ok) => {
  const server = createServer();
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address();
    server.close(() => ok(port));
  });
});
mkdirSync(outDir, { recursive: true });
const vite = join(webDir, '..', 'node_modules', '.bin', 'vite');
const dev = spawn(vite, ['--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
  cwd: webDir,
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}/scripts/harness/index.html`;
let browser;
try {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(base)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  for (const route of routes) {
    for (const width of [1280, 390]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      page.on('pageerror', (error) => console.error(`${route} ${width}: ${error.message}`));
      await page.goto(`${base}?path=${encodeURIComponent(route)}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(1500);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      const file = join(outDir, `signed-in${route.replaceAll('/', '-')}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(`${route} ${width}px${overflow > 0 ? ` OVERFLOW ${overflow}px` : ''} -> ${file}`);
      await page.close();
    }
  }
} finally {
  await browser?.close();
  dev.kill();
}
