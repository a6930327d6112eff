/** The header's navigation, shared by the desktop bar and the mobile drawer. */
export const NAV_LINKS = [
  { to: '/', labelKey: 'nav.home' },
  { to: '/subscriptions', labelKey: 'nav.subscriptions' },
  { to: '/support', labelKey: 'nav.support' },
] as const;

/** Where the account entry of the header and of the drawer leads: the profile, or signing in. */
export interface AccountLink {
  to: string;
  label: string;
  title: string | undefined;
}
