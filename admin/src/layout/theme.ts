import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

type Breakpoints = { theme: { breakpoints: { down: (key: 'sm' | 'md') => string } } };

/**
 * The frame on small screens. On a phone the app bar keeps its place at the top of the page rather
 * than floating over it, so a title long enough to wrap pushes the page down instead of hiding its
 * first lines. On phones and tablets react-admin's "create" button floats at the bottom right (56 px
 * high, 60 px from the bottom): a list leaves that much room below its last row, so no row stays under it.
 * At any width, a table too wide for the screen scrolls within its card.
 */
const smallScreens = {
  RaAppBar: {
    styleOverrides: {
      root: ({ theme }: Breakpoints) => ({ [theme.breakpoints.down('sm')]: { position: 'sticky' } }),
    },
  },
  RaLayout: {
    styleOverrides: {
      root: ({ theme }: Breakpoints) => ({
        // The page is as wide as the screen, not as what it holds (react-admin's fit-content): a
        // table wider than the screen then scrolls within its card.
        minWidth: 0,
        '& .RaLayout-content': { minWidth: 0 },
        [theme.breakpoints.down('sm')]: { '& .RaLayout-appFrame': { marginTop: 0 } },
      }),
    },
  },
  RaList: {
    styleOverrides: {
      root: ({ theme }: Breakpoints) => ({
        '& .RaList-main': { minWidth: 0 },
        [theme.breakpoints.down('md')]: { paddingBottom: 136 },
      }),
    },
  },
  // A table wider than the screen (long e-mails, every column) scrolls inside its card: the page
  // itself never becomes wider than the screen.
  RaDataTable: { styleOverrides: { root: { '& .RaDataTable-tableWrapper': { overflowX: 'auto' } } } },
};

/**
 * Every form checks its fields itself and says what is wrong in the operator's language (react-admin's
 * validators): the browser's own bubbles, in the browser's language, never show.
 */
const forms = { RaSimpleForm: { defaultProps: { noValidate: true } } };

/**
 * The back-office's theme over react-admin's light or dark one: the shop's violet, the frame and forms
 * above, and react-admin's "nothing yet" message in `emptyText` (its disabled grey is below the
 * contrast AA asks for).
 */
function shopTheme(base: RaThemeOptions, violet: string, emptyText: string): RaThemeOptions {
  return {
    ...base,
    palette: { ...base.palette, primary: { main: violet }, secondary: { main: violet } },
    components: {
      ...base.components,
      ...smallScreens,
      ...forms,
      RaEmpty: { styleOverrides: { root: { '& .RaEmpty-message': { color: emptyText } } } },
    },
  };
}

/** The shop's violet, as in web-shop's theme; every text/background pair meets WCAG AA. */
export const theme = shopTheme(defaultLightTheme, '#4c1d95', 'rgba(0, 0, 0, 0.6)');

/**
 * The same in the dark (the operator's system preference, or the app bar's toggle): the shop's violet
 * lightened so that it reads at AA on the dark backgrounds, as text and under black text.
 */
export const darkTheme = shopTheme(defaultDarkTheme, '#c4b5fd', 'rgba(255, 255, 255, 0.7)');
