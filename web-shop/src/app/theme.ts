import { createTheme } from '@mui/material/styles';
import { config } from '../config';

/** The ring around whatever the keyboard reached: amber, seen on the purple and on white alike. */
const FOCUS_RING = '#f59e0b';

// Colours chosen so every text/background pair used by the shop meets WCAG AA (4.5:1 or more).
export const theme = createTheme({
  breakpoints: { values: { xs: 0, sm: 600, md: config.mobileBreakpointPx, lg: 1200, xl: 1536 } },
  palette: {
    mode: 'light',
    primary: { main: '#4c1d95', light: '#6d28d9', dark: '#2e1065', contrastText: '#ffffff' },
    secondary: { main: '#b45309', contrastText: '#ffffff' },
    success: { main: '#166534' },
    // MUI's default info (#0288d1) and warning (#ed6c02) are below 4.5:1 under white text (filled toasts).
    info: { main: '#0369a1', contrastText: '#ffffff' },
    warning: { main: '#b45309', contrastText: '#ffffff' },
    background: { default: '#f7f6fb', paper: '#ffffff' },
    text: { primary: '#1c1630', secondary: '#4a4560' },
  },
  shape: { borderRadius: 12 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontWeight: 800, fontSize: 'clamp(2rem, 5vw, 3.25rem)', lineHeight: 1.1 },
    h2: { fontWeight: 800, fontSize: 'clamp(1.6rem, 3.5vw, 2.25rem)' },
    h3: { fontWeight: 700, fontSize: '1.25rem' },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    // Buttons, button-styled links, switches and checkboxes take the focus ring too: MUI's own
    // styles take the outline away from them and leave a faint ripple, hard to see on the purple.
    MuiButtonBase: {
      styleOverrides: { root: { '&.Mui-focusVisible': { outline: `3px solid ${FOCUS_RING}`, outlineOffset: 2 } } },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiLink: { defaultProps: { underline: 'hover' } },
    MuiCssBaseline: {
      styleOverrides: {
        // A focus ring that shows on every control reached by keyboard.
        ':focus-visible': { outline: `3px solid ${FOCUS_RING}`, outlineOffset: 2 },
        // Visitors who ask for less motion get none: no sliding, fading or colour transitions.
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            animationDuration: '0.01ms !important',
            animationIterationCount: '1 !important',
            transitionDuration: '0.01ms !important',
            scrollBehavior: 'auto !important',
          },
        },
      },
    },
  },
});
