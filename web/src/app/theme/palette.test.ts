/**
 * Both colour schemes keep WCAG AA where the app puts text and icons on the palette's surfaces
 * (4.5:1 for text, 3:1 for icons and the focus ring), and the dark scheme is dark. The browser
 * journey (e2e/tests/theme.test.ts) runs axe on the rendered pages; this names the pair that fails.
 */
import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { theme } from './index.ts';

const TEXT = 4.5;
const NON_TEXT = 3;

for (const scheme of ['light', 'dark'] as const) {
  describe(`${scheme} scheme`, () => {
    const p = theme.colorSchemes[scheme]?.palette;
    if (!p) throw new Error(`no ${scheme} scheme`);
    const surfaces = {
      'background.default': p.background.default,
      'background.paper': p.background.paper,
      'surface.subtle': p.surface.subtle,
      'surface.muted': p.surface.muted,
      'surface.accent': p.surface.accent,
    };

    it('text, links and figures read at 4.5:1 on every surface', () => {
      const low: string[] = [];
      for (const [name, surface] of Object.entries(surfaces)) {
        const inks = {
          'text.primary': p.text.primary,
          'text.secondary': p.text.secondary,
          'primary.main': p.primary.main,
          'error.main': p.error.main,
          'success.main': p.success.main,
          ...Object.fromEntries(Object.entries(p.bmi).map(([k, v]) => [`bmi.${k}`, v])),
        };
        for (const [ink, colour] of Object.entries(inks)) {
          const ratio = getContrastRatio(colour, surface);
          if (ratio < TEXT) low.push(`${ink} on ${name}: ${ratio.toFixed(2)}`);
        }
      }
      expect(low).toEqual([]);
    });

    it('button labels read on their buttons, white on the brand and metric fills', () => {
      expect(getContrastRatio(p.primary.contrastText, p.primary.main)).toBeGreaterThanOrEqual(TEXT);
      expect(getContrastRatio(p.secondary.contrastText, p.secondary.main)).toBeGreaterThanOrEqual(TEXT);
      expect(getContrastRatio(p.onBrand.ink, p.onBrand.main)).toBeGreaterThanOrEqual(TEXT);
      expect(getContrastRatio(p.onBrand.ink, p.onBrand.raised)).toBeGreaterThanOrEqual(TEXT);
      for (const fill of [...Object.values(p.metric), ...p.avatar, p.brand.mark]) {
        expect(getContrastRatio(p.onBrand.main, fill), fill).toBeGreaterThanOrEqual(TEXT);
      }
      // Every colour stop of the brand gradients under white text.
      for (const gradient of Object.values(p.gradient)) {
        for (const stop of gradient.match(/#[0-9a-f]{6}/gi) ?? []) {
          if (gradient.includes(`${stop} 140%`)) continue; // past the box's end: never under text
          expect(getContrastRatio(p.onBrand.main, stop), `${stop} in ${gradient}`).toBeGreaterThanOrEqual(
            TEXT,
          );
        }
      }
    });

    it('activity icons and the focus ring stand out at 3:1 on the page and the cards', () => {
      for (const surface of [p.background.default, p.background.paper, p.surface.subtle]) {
        for (const icon of Object.values(p.category)) {
          expect(getContrastRatio(icon, surface), `${icon} on ${surface}`).toBeGreaterThanOrEqual(NON_TEXT);
        }
        expect(getContrastRatio(p.primary.main, surface)).toBeGreaterThanOrEqual(NON_TEXT);
      }
    });

    it(`is ${scheme}`, () => {
      expect(p.mode).toBe(scheme);
      const dark =
        getContrastRatio(p.background.default, '#000000') < getContrastRatio(p.background.default, '#ffffff');
      expect(dark).toBe(scheme === 'dark');
    });
  });
}

it('gives every control the focus ring: 2 px, in the primary colour of the scheme in use', () => {
  const ring = theme.focusVisible;
  if (!ring) throw new Error('no focus ring in the theme');
  expect(ring).toMatchObject({ outlineStyle: 'solid', outlineWidth: 2 });
  expect(String(ring.outlineColor)).toContain('--mui-palette-primary-main');
});
