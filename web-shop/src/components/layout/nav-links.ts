/** The header's navigation, shared by the desktop bar and the mobile drawer. */
export const NAV_LINKS = [
  { to: '/', labelKey: 'nav.home' },
  { to: '/subscriptions', labelKey: 'nav.subscriptions' },
  { to: '/support', labelKey: 'nav.support' },
] as const;
