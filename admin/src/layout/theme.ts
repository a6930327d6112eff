import { defaultLightTheme, type RaThemeOptions } from 'react-admin';

/** The shop's violet, as in web-shop's theme; every text/background pair meets WCAG AA. */
export const theme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: { ...defaultLightTheme.palette, primary: { main: '#4c1d95' }, secondary: { main: '#4c1d95' } },
  components: {
    ...defaultLightTheme.components,
    // react-admin writes the "nothing yet" message in the disabled grey, below the contrast AA asks for.
    RaEmpty: { styleOverrides: { root: { '& .RaEmpty-message': { color: 'rgba(0, 0, 0, 0.6)' } } } },
  },
};
