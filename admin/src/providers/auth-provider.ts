import { permissionsOf, type Permission, type Role } from '@shop/contracts';
import { HttpError, type AuthProvider } from 'react-admin';
import { httpClient } from '../lib/http-client';
import { rolesAllow } from './permissions';

/** GET /api/me: the signed-in account. The roles are decided by the server, which also enforces them on /api/admin. */
interface Me {
  id: string;
  email: string;
  fullName: string;
  roles: Role[];
  twoFactorEnabled: boolean;
}

/** Where the back-office is served; react-admin's basename. */
export const BASENAME = '/admin';

/**
 * Signing in happens on the shop's own /auth screen, which already handles the second factor,
 * external providers and forgotten passwords; it comes back here once signed in.
 * An absolute URL, so that react-admin leaves the back-office with a full page load.
 */
function shopSignInUrl(): string {
  const { origin, pathname, search } = window.location;
  const back = pathname.startsWith(BASENAME) ? `${pathname}${search}` : BASENAME;
  return `${origin}/auth?redirect=${encodeURIComponent(back)}`;
}

// react-admin checks the session on every screen: one /api/me answer serves for a while.
const ME_TTL_MS = 30_000;
let me: { value: Promise<Me | null>; at: number } | undefined;

function loadMe(): Promise<Me | null> {
  if (me && Date.now() - me.at < ME_TTL_MS) return me.value;
  const value = httpClient('/api/me').then(
    ({ json }) => json as Me,
    (error: unknown) => {
      if (error instanceof HttpError && error.status === 401) return null;
      throw error;
    },
  );
  me = { value, at: Date.now() };
  // A failure is not remembered: the next screen asks again.
  value.catch(() => (me = undefined));
  return value;
}

const forgetMe = () => {
  me = undefined;
};

export const authProvider: AuthProvider = {
  async login() {
    window.location.assign(shopSignInUrl());
  },

  async checkAuth() {
    if (!(await loadMe())) throw { redirectTo: shopSignInUrl(), message: false };
  },

  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      forgetMe();
      throw { redirectTo: shopSignInUrl(), message: false };
    }
    const code = (error as { body?: { code?: unknown } }).body?.code;
    if (error?.status === 403 && code === 'auth.two_factor_required') {
      // Staff without two-factor sign-in: a page that says so and leads to the shop's set-up.
      forgetMe();
      throw { logoutUser: false, redirectTo: `${BASENAME}/two-factor-required`, message: false };
    }
    if (error?.status === 403 && typeof code === 'string' && code !== 'auth.forbidden') {
      // A refusal of this one act (staff.own_account, account.staff_protected…), not of the
      // back-office: its notice says why and the page stays.
      return;
    }
    if (error?.status === 403) {
      // The role was withdrawn since this page loaded: show why, without signing out of the shop.
      forgetMe();
      throw { logoutUser: false, redirectTo: `${BASENAME}/access-denied`, message: false };
    }
  },

  /** What the account's roles allow (`Permission[]`), for the screens to hide what they cannot do. */
  async getPermissions(): Promise<Permission[]> {
    return permissionsOf((await loadMe())?.roles ?? []);
  },

  /** Hides menu entries, pages and buttons a role cannot use; the API refuses them anyway. */
  async canAccess({ resource, action }: { resource?: string; action: string }) {
    if (!resource) return true;
    return rolesAllow((await loadMe())?.roles ?? [], resource, action);
  },

  async getIdentity() {
    const account = await loadMe();
    if (!account) throw new Error('Not signed in');
    return { id: account.id, fullName: account.fullName || account.email, twoFactorEnabled: account.twoFactorEnabled };
  },

  async logout() {
    // Also called when nobody is signed in (react-admin's answer to a failed checkAuth): then its
    // answer is where to go, the shop's sign-in. After a real sign-out, the shop's home page.
    const account = await loadMe().catch(() => null);
    forgetMe();
    if (!account) return shopSignInUrl();
    await httpClient('/api/auth/sign-out', { method: 'POST', body: '{}' }).catch(() => undefined);
    return `${window.location.origin}/`;
  },
};
