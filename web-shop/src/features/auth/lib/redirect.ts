/** Where to go after signing in: a path of this shop only (`/x`, never `//host` or `https://...`); home otherwise. */
export function safeRedirectPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}

/** The /auth address that comes back to `path` once signed in. */
export function authPathFor(path: string): string {
  return `/auth?redirect=${encodeURIComponent(path)}`;
}
