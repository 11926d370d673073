/** The focus ring and MUI's component overrides (defaults and shapes), one set for both schemes. */
import type { ThemeOptions } from '@mui/material/styles';

/** The focus ring's colour: the primary colour, or white inside an `onBrandSurface`. */
const FOCUS_RING = 'var(--fit-focus-ring, var(--mui-palette-primary-main))';

/** Spread into the `sx` of a brand-gradient surface: focus rings inside it turn white. */
export const onBrandSurface = { '--fit-focus-ring': 'var(--mui-palette-onBrand-main)' } as const;

// Every MUI control's keyboard focus ring: >= 3:1 on either paper, the gap filled with the paper.
export const focusVisible = {
  outlineWidth: 2,
  outlineOffset: 2,
  outlineColor: FOCUS_RING,
  boxShadow: '0 0 0 2px var(--mui-palette-background-paper)',
} satisfies ThemeOptions['focusVisible'];

export const components = {
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
} satisfies ThemeOptions['components'];
