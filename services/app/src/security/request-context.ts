import { createHash } from 'node:crypto';

/** What `describeLocation` reads of a request (an Express request has it). */
export interface RequestOrigin {
  get(header: string): string | undefined;
  ip?: string | undefined;
}

/** "Chrome on Windows": enough to recognise a device, no fingerprinting. */
export function describeDevice(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : /curl\//.test(ua)
              ? 'curl'
              : 'Unknown browser';
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Android/.test(ua)
        ? 'Android'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : 'unknown system';
  return `${browser} on ${os}`;
}

/**
 * Coarse location: the country a CDN in front of us reports, else the network the address
 * belongs to with its last part masked. No address is kept whole.
 */
export function describeLocation(req: RequestOrigin): string {
  const country = req.get('cf-ipcountry') ?? req.get('x-country-code');
  if (country && /^[A-Z]{2}$/i.test(country)) return country.toUpperCase();
  const ip = (req.ip ?? '').replace(/^::ffff:/, '');
  if (ip === '127.0.0.1' || ip === '::1') return 'Local network';
  if (/^\d+\.\d+\.\d+\.\d+$/.test(ip)) return `${ip.split('.').slice(0, 3).join('.')}.x`;
  if (ip.includes(':')) return `${ip.split(':').slice(0, 3).join(':')}::/48`;
  return 'Unknown';
}

export const deviceHash = (userId: string, device: string) =>
  createHash('sha256').update(`${userId}:${device}`).digest('hex');
