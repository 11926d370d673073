/**
 * The one FitTrack theme: an indigo brand with a warm orange accent, system fonts (no web-font
 * download on the first paint), rounded cards and calm surfaces. Colours keep WCAG AA contrast.
 */
import { alpha, createTheme, type ThemeOptions } from '@mui/material/styles';

/** A leaderboard place's look: the medal, its text, the bar and the row tint. */
export interface MedalColors {
  medal: string;
  ink: string;
  bar: string;
  tint: string;
}

/**
 * FitTrack's own palette entries (typed by module augmentation, as MUI's templates do): features
 * name these tokens in `sx` (`bgcolor: 'tint.primary'`) and never write a colour themselves, so a
 * second palette (dark) is a switch in this file.
 */
interface FitPalette {
  /** Soft fills behind highlighted content. */
  tint: { primary: string; primaryStrong: string; primaryFaint: string; success: string; track: string };
  /** Quiet surfaces inside cards (rows, panels) and the segmented control's groove. */
  surface: { subtle: string; muted: string; accent: string; accentBorder: string };
  /** Text and icons on the brand gradients and coloured chips. */
  onBrand: {
    main: string;
    muted: string;
    faint: string;
    soft: string;
    softer: string;
    outline: string;
    hover: string;
    dot: string;
  };
  gradient: { hero: string; bubble: string; brand: string };
  shadow: { raised: string; bubble: string; medal: string; card: string; panel: string };
  medal: { gold: MedalColors; silver: MedalColors; bronze: MedalColors };
  metric: { reps: string; minutes: string; calories: string };
  category: { weightlifting: string; cardio: string; bodyweight: string; flexibility: string };
  bmi: { Underweight: string; Healthy: string; Overweight: string; Obese: string };
  chart: { weight: string; bmi: string };
  /** Avatar backgrounds (white initials keep AA contrast on each). */
  avatar: readonly string[];
}

declare module '@mui/material/styles' {
  interface Palette extends FitPalette {}
  interface PaletteOptions extends Partial<FitPalette> {}
}

const FONT = [
  'Inter',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

const PRIMARY = '#4338ca';
const INK = '#151a2d';
const SUCCESS = '#15803d';

/** The theme's options (tests derive a theme without transitions from them). */
export const themeOptions = {
  palette: {
    mode: 'light',
    primary: { main: PRIMARY, light: '#6366f1', dark: '#3730a3', contrastText: '#ffffff' },
    secondary: { main: '#c2410c', light: '#f97316', dark: '#9a3412', contrastText: '#ffffff' },
    success: { main: SUCCESS },
    error: { main: '#b91c1c' },
    background: { default: '#f5f6fb', paper: '#ffffff' },
    text: { primary: INK, secondary: '#4b5368' },
    divider: '#e3e6ef',
    tint: {
      primary: alpha(PRIMARY, 0.06),
      primaryStrong: alpha(PRIMARY, 0.1),
      primaryFaint: alpha(PRIMARY, 0.04),
      success: alpha(SUCCESS, 0.08),
      track: alpha(INK, 0.07),
    },
    surface: { subtle: '#f8f9fd', muted: '#eef0f8', accent: '#eef2ff', accentBorder: '#c7d2fe' },
    onBrand: {
      main: '#ffffff',
      muted: 'rgba(255, 255, 255, 0.85)',
      faint: 'rgba(255, 255, 255, 0.2)',
      soft: '#e0e7ff',
      softer: '#c7d2fe',
      outline: 'rgba(255, 255, 255, 0.6)',
      hover: 'rgba(255, 255, 255, 0.08)',
      dot: '#fdba74',
    },
    gradient: {
      hero: `linear-gradient(135deg, ${PRIMARY} 0%, #6366f1 60%, #f97316 140%)`,
      bubble: `linear-gradient(135deg, ${PRIMARY} 0%, #6366f1 100%)`,
      brand: `linear-gradient(150deg, #312e81 0%, ${PRIMARY} 55%, #6d28d9 100%)`,
    },
    shadow: {
      raised: `0 1px 4px ${alpha(INK, 0.12)}`,
      bubble: `0 4px 14px ${alpha(PRIMARY, 0.25)}`,
      medal: `0 1px 3px ${alpha(INK, 0.25)}, inset 0 1px 0 rgba(255, 255, 255, 0.6)`,
      card: `0 1px 2px ${alpha(INK, 0.04)}, 0 12px 32px ${alpha(INK, 0.06)}`,
      panel: `0 1px 2px ${alpha(INK, 0.04)}, 0 16px 40px ${alpha(INK, 0.06)}`,
    },
    medal: {
      gold: {
        medal: 'linear-gradient(135deg, #fde68a 0%, #f59e0b 100%)',
        ink: '#78350f',
        bar: '#f59e0b',
        tint: 'rgba(245, 158, 11, 0.09)',
      },
      silver: {
        medal: 'linear-gradient(135deg, #f1f5f9 0%, #94a3b8 100%)',
        ink: '#1e293b',
        bar: '#94a3b8',
        tint: 'rgba(148, 163, 184, 0.1)',
      },
      bronze: {
        medal: 'linear-gradient(135deg, #fed7aa 0%, #c2773b 100%)',
        ink: '#431407',
        bar: '#c2773b',
        tint: 'rgba(194, 119, 59, 0.08)',
      },
    },
    metric: { reps: PRIMARY, minutes: '#0e7490', calories: '#c2410c' },
    category: { weightlifting: PRIMARY, cardio: '#c2410c', bodyweight: '#0e7490', flexibility: SUCCESS },
    bmi: { Underweight: '#0284c7', Healthy: SUCCESS, Overweight: '#c2410c', Obese: '#b91c1c' },
    chart: { weight: PRIMARY, bmi: '#f97316' },
    avatar: [
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
    ],
  },
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
  components: {
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
        root: {
          borderRadius: 16,
          borderColor: '#e3e6ef',
          boxShadow: `0 1px 2px ${alpha(INK, 0.04)}, 0 8px 24px ${alpha(INK, 0.04)}`,
        },
      },
    },
    MuiCardHeader: {
      styleOverrides: {
        root: { paddingBottom: 0 },
        title: { fontSize: '1.15rem', fontWeight: 700 },
      },
    },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiAlert: { styleOverrides: { root: { borderRadius: 10 } } },
    MuiDialog: { styleOverrides: { paper: { borderRadius: 16 } } },
    MuiLink: { defaultProps: { underline: 'hover' } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
  },
} satisfies ThemeOptions;

export const theme = createTheme(themeOptions);
