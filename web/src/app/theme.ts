/**
 * The one FitTrack theme: light and dark `colorSchemes` as CSS variables, switched by an attribute
 * on <html> that InitColorSchemeScript (web/vite.config.ts) sets before the first paint: no flash.
 */
import { createTheme, type ThemeOptions } from '@mui/material/styles';
import { darkPalette, FONT, lightPalette } from './theme/palette.ts';

export { faded } from './theme/palette.ts';

/** The focus ring's colour: the primary colour, or white inside an `onBrandSurface`. */
const FOCUS_RING = 'var(--fit-focus-ring, var(--mui-palette-primary-main))';

/** Spread into the `sx` of a brand-gradient surface: focus rings inside it turn white. */
export const onBrandSurface = { '--fit-focus-ring': 'var(--mui-palette-onBrand-main)' } as const;

/** The focus ring and MUI's component overrides (defaults and shapes) for both schemes. */
const componentOptions = {
  // Every MUI control's keyboard focus ring: >= 3:1 on either paper, the gap filled with the paper.
  focusVisible: {
    outlineWidth: 2,
    outlineOffset: 2,
    outlineColor: FOCUS_RING,
    boxShadow: '0 0 0 2px var(--mui-palette-background-paper)',
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        // Native controls and focusable regions (tabIndex) outside MUI's components.
        ':focus-visible': { outline: `2px solid ${FOCUS_RING}`, outlineOffset: 2 },
        // The charts' keyboard layer (@mui/x-charts) turns its outline off inline.
        '.MuiChartsSurface-root > [tabindex]:focus-visible': {
          outline: `2px solid ${FOCUS_RING} !important`,
        },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: { borderRadius: 10, paddingInline: 18 },
        sizeLarge: { paddingBlock: 10, fontSize: '1rem' },
      },
    },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
      styleOverrides: {
        root: ({ theme }) => ({
          borderRadius: 16,
          borderColor: theme.vars.palette.divider,
          boxShadow: theme.vars.palette.shadow.soft,
        }),
      },
    },
    MuiCardHeader: {
      styleOverrides: { root: { paddingBottom: 0 }, title: { fontSize: '1.15rem', fontWeight: 700 } },
    },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiAlert: { styleOverrides: { root: { borderRadius: 10 } } },
    MuiDialog: {
      styleOverrides: {
        paper: ({ theme }) => ({
          borderRadius: 16,
          // Dark popups keep the cards' colour (MUI's elevation overlay greys them) and get an edge.
          ...theme.applyStyles('dark', {
            backgroundImage: 'none',
            border: `1px solid ${theme.vars.palette.divider}`,
          }),
        }),
      },
    },
    // Links are told apart from the text around them by more than colour (WCAG 1.4.1).
    MuiLink: { defaultProps: { underline: 'always' } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
  },
} satisfies ThemeOptions;

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
  ...componentOptions,
} satisfies ThemeOptions;

export const theme = createTheme(themeOptions);
