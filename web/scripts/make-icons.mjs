#!/usr/bin/env node
/**
 * Draws the app icons of the web app manifest (web/public/icons/*.png) from the brand mark
 * (web/src/components/Brand.tsx, web/public/favicon.svg) in Debian's Chromium, offline. The PNGs are
 * committed (a few KB each); run this again only when the mark changes:
 *
 *   node web/scripts/make-icons.mjs
 *
 * - `icon-<n>.png` (purpose "any"): the rounded mark on a transparent background, as the favicon.
 * - `maskable-<n>.png` (purpose "maskable"): a full-bleed square of the brand colour with the
 *   stroke inside the central 80% circle, the zone every launcher mask keeps.
 * - `apple-touch-icon.png` (180 px, opaque): iOS ignores the manifest's icons and rounds corners itself.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const BRAND = '#4338ca';
const STROKE = 'M14 38l10-12 8 9 8-13 10 16';
const outDir = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'public', 'icons');

/** The mark as on the favicon: rounded square, white polyline. */
const anySvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${BRAND}"/><path d="${STROKE}" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
/**
 * Full bleed; the polyline spans x 14..50, y 22..38 (plus the stroke's round caps) around the centre
 * (32, 30): scaled by 0.75 about (32, 32) it stays well inside the safe circle of radius 25.6.
 */
const maskableSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BRAND}"/><g transform="translate(32 33.5) scale(0.75) translate(-32 -30)"><path d="${STROKE}" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/></g></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: anySvg, transparent: true },
  { file: 'icon-512.png', size: 512, svg: anySvg, transparent: true },
  { file: 'maskable-192.png', size: 192, svg: maskableSvg, transparent: false },
  { file: 'maskable-512.png', size: 512, svg: maskableSvg, transparent: false },
  { file: 'apple-touch-icon.png', size: 180, svg: maskableSvg, transparent: false },
];

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">${icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" style="display:block" `)}</body></html>`,
    );
    await page.screenshot({ path: join(outDir, icon.file), omitBackground: icon.transparent });
    await page.close();
    console.log(`wrote web/public/icons/${icon.file}`);
  }
} finally {
  await browser.close();
}
