/** Where to go after signing in: a path of this shop only (`/x`, never `//host` or `https://...`); home otherwise. */
export function safeRedirectPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}

/** The /auth address that comes back to `path` once signed in. */
export function authPathFor(path: string): string {
  return `/auth?redirect=${encodeURIComponent(path)}`;
}

/** Paths served by another app of the site (the back-office at /admin): reached with a full page load. */
export function isOutsideShop(path: string): boolean {
  return /^\/admin(?:[/?#]|$)/.test(path);
}
