/**
 * The one FitTrack theme: an indigo brand with a warm orange accent, system fonts (no web-font
 * download on the first paint), rounded cards and calm surfaces. Colours keep WCAG AA contrast.
 */
import { createTheme } from '@mui/material/styles';

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

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#4338ca', light: '#6366f1', dark: '#3730a3', contrastText: '#ffffff' },
    secondary: { main: '#c2410c', light: '#f97316', dark: '#9a3412', contrastText: '#ffffff' },
    success: { main: '#15803d' },
    error: { main: '#b91c1c' },
    background: { default: '#f5f6fb', paper: '#ffffff' },
    text: { primary: '#151a2d', secondary: '#4b5368' },
    divider: '#e3e6ef',
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
          boxShadow: '0 1px 2px rgba(21, 26, 45, 0.04), 0 8px 24px rgba(21, 26, 45, 0.04)',
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
});
