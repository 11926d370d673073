/**
 * The one FitTrack theme: light and dark `colorSchemes` as CSS variables, switched by an attribute
 * on <html> that InitColorSchemeScript (web/vite.config.ts) sets before the first paint: no flash.
 * The palettes' AA contrast is checked by theme.test.ts.
 */
import { alpha, createTheme, type PaletteOptions, type ThemeOptions } from '@mui/material/styles';

const FONT = 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

// The light scheme's anchors.
const PRIMARY = '#4338ca';
const INK = '#151a2d';
const SUCCESS = '#157a3a';
// The dark scheme's: lighter tints of the same hues keep text AA on dark surfaces (indigo 300: 8.6:1).
const PRIMARY_DARK = '#a5b4fc';
const INK_DARK = '#e8eaf4';
const PAPER_DARK = '#161a2e';
const SUCCESS_DARK = '#4ade80';
const SHADE = '#000000';

/** White text and icons on the brand gradients and coloured chips, in both schemes. */
const ON_BRAND = {
  main: '#ffffff',
  muted: 'rgba(255, 255, 255, 0.85)',
  faint: 'rgba(255, 255, 255, 0.2)',
  soft: '#e0e7ff',
  softer: '#c7d2fe',
  outline: 'rgba(255, 255, 255, 0.6)',
  hover: 'rgba(255, 255, 255, 0.08)',
  dot: '#fdba74',
  /** A white button on a gradient: its label and its hover fill. */
  ink: '#3730a3',
  raised: '#eef2ff',
};

const AVATARS = [
  PRIMARY,
  '#0e7490',
  SUCCESS,
  '#b45309',
  '#be185d',
  '#7c3aed',
  '#0369a1',
  '#c2410c',
  '#4d7c0f',
  '#9f1239',
];

const MEDAL_INKS = { gold: '#78350f', silver: '#1e293b', bronze: '#431407' };

type Opacities<N extends number, Acc extends number[] = []> = Acc['length'] extends N
  ? Readonly<Acc>
  : Opacities<N, [...Acc, number]>;

/** The same metal and ink in both schemes (the ink sits on the metal); `tint`: each row tint's opacity. */
function medals(tint: { gold: number; silver: number; bronze: number }) {
  const medal = (from: string, to: string, ink: string, rgb: string, opacity: number) => ({
    medal: `linear-gradient(135deg, ${from} 0%, ${to} 100%)`,
    ink,
    bar: to,
    tint: `rgba(${rgb}, ${opacity})`,
  });
  return {
    gold: medal('#fde68a', '#f59e0b', MEDAL_INKS.gold, '245, 158, 11', tint.gold),
    silver: medal('#f1f5f9', '#94a3b8', MEDAL_INKS.silver, '148, 163, 184', tint.silver),
    bronze: medal('#fed7aa', '#c2773b', MEDAL_INKS.bronze, '194, 119, 59', tint.bronze),
  };
}

/** The washes of a scheme's own colours, by opacity. */
function tints(
  colors: { primary: string; success: string; ink: string },
  [primary, primaryStrong, primaryFaint, success, successBorder, track]: Opacities<6>,
) {
  return {
    primary: alpha(colors.primary, primary),
    primaryStrong: alpha(colors.primary, primaryStrong),
    primaryFaint: alpha(colors.primary, primaryFaint),
    success: alpha(colors.success, success),
    successBorder: alpha(colors.success, successBorder),
    track: alpha(colors.ink, track),
  };
}

/** A scheme's shadows, by opacity (`edge`: the line under cards, panels and soft surfaces). */
function shadows(
  colors: { ink: string; bubble: string },
  [raised, bubble, medal, edge, card, panel, soft]: Opacities<7>,
) {
  const under = (drop: string, opacity: number) =>
    `0 1px 2px ${alpha(colors.ink, edge)}, ${drop} ${alpha(colors.ink, opacity)}`;
  return {
    raised: `0 1px 4px ${alpha(colors.ink, raised)}`,
    bubble: `0 4px 14px ${alpha(colors.bubble, bubble)}`,
    medal: `0 1px 3px ${alpha(colors.ink, medal)}, inset 0 1px 0 rgba(255, 255, 255, 0.6)`,
    card: under('0 12px 32px', card),
    panel: under('0 16px 40px', panel),
    soft: under('0 8px 24px', soft),
  };
}

/** FitTrack's own tokens: features name them in `sx` and never write a colour (web/lint/no-colour-literals.grit). */
const lightTokens = {
  tint: tints({ primary: PRIMARY, success: SUCCESS, ink: INK }, [0.06, 0.1, 0.04, 0.08, 0.35, 0.07]),
  surface: {
    subtle: '#f8f9fd',
    muted: '#eef0f8',
    accent: '#eef2ff',
    accentBorder: '#c7d2fe',
    bar: 'rgba(255, 255, 255, 0.92)',
  },
  onBrand: ON_BRAND,
  brand: { mark: PRIMARY, markInk: '#ffffff' },
  gradient: {
    hero: `linear-gradient(135deg, ${PRIMARY} 0%, #5f63f0 60%, #f97316 140%)`,
    bubble: `linear-gradient(135deg, ${PRIMARY} 0%, #5f63f0 100%)`,
    brand: `linear-gradient(150deg, #312e81 0%, ${PRIMARY} 55%, #6d28d9 100%)`,
  },
  shadow: shadows({ ink: INK, bubble: PRIMARY }, [0.12, 0.25, 0.25, 0.04, 0.06, 0.06, 0.04]),
  medal: medals({ gold: 0.09, silver: 0.1, bronze: 0.08 }),
  metric: { reps: PRIMARY, minutes: '#0e7490', calories: '#c2410c' },
  category: { weightlifting: PRIMARY, cardio: '#c2410c', bodyweight: '#0e7490', flexibility: SUCCESS },
  bmi: { Underweight: '#0369a1', Healthy: SUCCESS, Overweight: '#c2410c', Obese: '#b91c1c' },
  chart: { weight: PRIMARY, bmi: '#f97316' },
  avatar: AVATARS,
};

type FitPalette = typeof lightTokens;

declare module '@mui/material/styles' {
  interface Palette extends FitPalette {}
  interface PaletteOptions extends Partial<FitPalette> {}
  // `theme.vars` is always there: every theme of the app is built with CSS variables.
  interface CssThemeVariables {
    enabled: true;
  }
}

const lightPalette = {
  mode: 'light',
  primary: { main: PRIMARY, light: '#6366f1', dark: '#3730a3', contrastText: '#ffffff' },
  secondary: { main: '#c2410c', light: '#f97316', dark: '#9a3412', contrastText: '#ffffff' },
  success: { main: SUCCESS },
  error: { main: '#b91c1c' },
  background: { default: '#f5f6fb', paper: '#ffffff' },
  text: { primary: INK, secondary: '#4b5368' },
  divider: '#e3e6ef',
  ...lightTokens,
} satisfies PaletteOptions;

const darkTokens: FitPalette = {
  tint: tints(
    { primary: PRIMARY_DARK, success: SUCCESS_DARK, ink: INK_DARK },
    [0.08, 0.14, 0.05, 0.1, 0.4, 0.1],
  ),
  surface: {
    subtle: '#1b2036',
    muted: '#22283f',
    accent: '#232a52',
    accentBorder: '#3d4785',
    bar: alpha(PAPER_DARK, 0.92),
  },
  onBrand: ON_BRAND,
  brand: { mark: '#4f46e5', markInk: '#ffffff' },
  gradient: {
    hero: `linear-gradient(135deg, #3730a3 0%, ${PRIMARY} 60%, #9a3412 140%)`,
    bubble: `linear-gradient(135deg, #3730a3 0%, ${PRIMARY} 100%)`,
    brand: 'linear-gradient(150deg, #1e1b4b 0%, #312e81 55%, #4c1d95 100%)',
  },
  shadow: shadows({ ink: SHADE, bubble: SHADE }, [0.5, 0.4, 0.5, 0.3, 0.35, 0.4, 0.2]),
  medal: medals({ gold: 0.12, silver: 0.12, bronze: 0.14 }),
  metric: { reps: '#4f46e5', minutes: '#0e7490', calories: '#c2410c' },
  category: {
    weightlifting: PRIMARY_DARK,
    cardio: '#fb923c',
    bodyweight: '#22d3ee',
    flexibility: SUCCESS_DARK,
  },
  bmi: { Underweight: '#38bdf8', Healthy: SUCCESS_DARK, Overweight: '#fb923c', Obese: '#f87171' },
  chart: { weight: PRIMARY_DARK, bmi: '#fb923c' },
  avatar: AVATARS,
};

const darkPalette = {
  mode: 'dark',
  primary: { main: PRIMARY_DARK, light: '#c7d2fe', dark: '#818cf8', contrastText: '#10132a' },
  secondary: { main: '#fb923c', light: '#fdba74', dark: '#f97316', contrastText: '#1c0d02' },
  success: { main: SUCCESS_DARK },
  error: { main: '#f87171' },
  warning: { main: '#fbbf24' },
  info: { main: '#38bdf8' },
  background: { default: '#0d1020', paper: PAPER_DARK },
  text: { primary: INK_DARK, secondary: '#a3aac2' },
  divider: '#2b3150',
  ...darkTokens,
} satisfies PaletteOptions;

/** `color` at `opacity`; unlike MUI's `alpha` it takes CSS variables, so one style serves both schemes. */
export function faded(color: string, opacity: number): string {
  return `color-mix(in srgb, ${color} ${Math.round(opacity * 100)}%, transparent)`;
}

/** The focus ring's colour: the primary colour, or white inside an `onBrandSurface`. */
const FOCUS_RING = 'var(--fit-focus-ring, var(--mui-palette-primary-main))';

/** Spread into the `sx` of a brand-gradient surface: focus rings inside it turn white. */
export const onBrandSurface = { '--fit-focus-ring': 'var(--mui-palette-onBrand-main)' } as const;

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
  // The focus ring and MUI's component overrides (defaults and shapes) for both schemes.
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

export const theme = createTheme(themeOptions);
