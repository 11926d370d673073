/** MUI's colours and FitTrack's own tokens, light and dark (their AA contrast: palette.test.ts). */
import { alpha, type PaletteOptions } from '@mui/material/styles';
import { medals, shadows, tints } from './shades.ts';

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

export const lightPalette = {
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

export const darkPalette = {
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
