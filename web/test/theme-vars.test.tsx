/**
 * The theme's CSS variables are written into index.html at build time (web/build/theme-vars.ts)
 * and MUI's runtime copy is switched off: the built page must carry exactly what MUI would inject,
 * for both schemes, or the app would draw with missing or stale colours.
 */

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { THEME_VARS_MARKER, themeVars, themeVarsCss } from '../build/theme-vars.ts';
import { theme } from '../src/app/theme.ts';

const INDEX = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'index.html'), 'utf8');

/** Each selector's declarations, whitespace aside: { ':root': Set('--mui-spacing:8px', ...) }. */
function declarations(cssText: string): Map<string, Set<string>> {
  const blocks = new Map<string, Set<string>>();
  for (const [, selector = '', body = ''] of cssText.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const key = selector.replace(/\s+/g, '');
    const set = blocks.get(key) ?? new Set<string>();
    for (const d of body.split(';')) {
      // Emotion's prefixer adds vendor copies (-webkit-print-color-scheme, a property no browser
      // has): not part of the theme.
      if (d.trim() && !/^\s*-(webkit|moz|ms)-/.test(d)) set.add(d.replace(/\s+/g, ''));
    }
    blocks.set(key, set);
  }
  return blocks;
}

describe("the theme's CSS variables", () => {
  it('are put in the built page once, in place of the marker', () => {
    expect(INDEX.split(THEME_VARS_MARKER)).toHaveLength(2);
    const hook = themeVars().transformIndexHtml as { handler: (html: string) => string };
    const html = hook.handler(INDEX);
    expect(html).not.toContain(THEME_VARS_MARKER);
    expect(html.match(/<style id="theme-vars">/g)).toHaveLength(1);
    expect(html).toContain(themeVarsCss());
  });

  it('hold both schemes, each with its own palette', () => {
    const blocks = declarations(themeVarsCss());
    const light = blocks.get(':root,[data-mui-color-scheme="light"]');
    const dark = blocks.get('[data-mui-color-scheme="dark"]');
    expect(light?.has(`--mui-palette-primary-main:${theme.colorSchemes.light?.palette.primary.main}`)).toBe(
      true,
    );
    expect(dark?.has(`--mui-palette-primary-main:${theme.colorSchemes.dark?.palette.primary.main}`)).toBe(
      true,
    );
    expect(theme.colorSchemes.light?.palette.primary.main).not.toBe(
      theme.colorSchemes.dark?.palette.primary.main,
    );
  });

  it('are exactly what MUI injects when it makes them in the browser', () => {
    const before = document.head.querySelectorAll('style').length;
    render(<ThemeProvider theme={theme}>page</ThemeProvider>);
    const injected = [...document.head.querySelectorAll('style')]
      .slice(before)
      .map((style) => style.textContent ?? '')
      .join('');
    const fromMui = declarations(injected);
    const ours = declarations(themeVarsCss());
    expect([...ours.keys()].sort()).toEqual([...fromMui.keys()].sort());
    for (const [selector, set] of fromMui) expect(ours.get(selector), selector).toEqual(set);
    expect(ours.get(':root')?.size).toBeGreaterThan(10);
  });
});
