/**
 * The one FitTrack theme, in two colour schemes: an indigo brand with a warm orange accent, system
 * fonts (no web-font download on the first paint), rounded cards and calm surfaces. Both schemes keep
 * WCAG AA contrast (checked by axe in e2e/tests/theme.test.ts).
 *
 * Light and dark are MUI `colorSchemes` emitted as CSS variables (`cssVariables`): the browser
 * switches schemes by the `data-mui-color-scheme` attribute on <html>, which MUI's
 * InitColorSchemeScript (web/vite.config.ts) sets before the first paint (from the remembered choice
 * or the system preference), so the page never flashes the other scheme. `sx` tokens (`bgcolor: 'tint.primary'`) resolve to the variables;
 * in callbacks use `theme.vars.palette` (or `theme.palette`, which the provider swaps per scheme).
 */
import { createTheme, type ThemeOptions } from '@mui/material/styles';
import { componentOptions } from './theme/components.ts';
import { darkPalette, FONT, lightPalette } from './theme/palette.ts';

export { onBrandSurface } from './theme/components.ts';
export { faded, type MedalColors } from './theme/palette.ts';

/** Where the chosen scheme is remembered (MUI's own key, which InitColorSchemeScript reads too). */
export const MODE_STORAGE_KEY = 'mui-mode';
/** The attribute on <html> naming the scheme in use (InitColorSchemeScript's default: it sets it first). */
export const SCHEME_ATTRIBUTE = 'data-mui-color-scheme';

/** The theme's options (tests derive a theme without transitions from them). */
export const themeOptions = {
  cssVariables: { colorSchemeSelector: SCHEME_ATTRIBUTE },
  colorSchemes: { light: { palette: lightPalette }, dark: { palette: darkPalette } },
  shape: { borderRadius: 12 },
  typography: {
    fontFamily: FONT,
    h1: { fontWeight: 800, letterSpacing: '-0.03em' },
    h2: { fontWeight: 800, letterSpacing: '-0.025em' },
    h3: { fontWeight: 700, letterSpacing: '-0.02em' },
    h4: { fontWeight: 700, letterSpacing: '-0.015em' },
    h5: { fontWeight: 700, letterSpacing: '-0.01em' },
    h6: { fontWeight: 700 },
    subtitle1: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600, letterSpacing: 0 },
  },
  ...componentOptions,
} satisfies ThemeOptions;

export const theme = createTheme(themeOptions);
