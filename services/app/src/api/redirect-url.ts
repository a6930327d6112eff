import type { Request } from 'express';

/**
 * Where to send the browser, as an absolute URL: a provider's own page as it is, and a page the
 * shop serves itself (the sandbox's, a path) on the host the customer asked, so that their session
 * cookie goes with them (the shop opened on 127.0.0.1 keeps its cookie there, not on PUBLIC_URL's
 * localhost). The host is the request's own: an answer is only ever its asker's.
 */
export function redirectFor(req: Request, redirectUrl: string): string {
  return redirectUrl.startsWith('/') ? `${req.protocol}://${req.get('host')}${redirectUrl}` : redirectUrl;
}
