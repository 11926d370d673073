/**
 * The one FitTrack theme: light and dark `colorSchemes` as CSS variables, switched by an attribute
 * on <html> that InitColorSchemeScript (web/vite.config.ts) sets before the first paint: no flash.
 */
import { createTheme, type ThemeOptions } from '@mui/material/styles';
import { components, focusVisible } from './components.ts';
import { darkPalette, lightPalette } from './palette.ts';

export { onBrandSurface } from './components.ts';
export { faded } from './shades.ts';

const FONT = 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** Where the chosen scheme is remembered (MUI's own key, read by InitColorSchemeScript too). */
export const MODE_STORAGE_KEY = 'mui-mode';
/** The attribute on <html> naming the scheme in use (InitColorSchemeScript's default). */
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
  focusVisible,
  components,
} satisfies ThemeOptions;

export const theme = createTheme(themeOptions);
