import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a production shop sends nothing (server-side request forgery): the machine itself, private
 * networks, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast and the
 * reserved ranges, in IPv4 and IPv6. An IPv6 address that carries an IPv4 one is refused whole
 * where it is not a plain mapped address (checked as the IPv4 it maps): the compatible (::/96) and
 * translated (::ffff:0:0:0/96) forms, NAT64, 6to4 (2002::/16) and Teredo (2001::/32), none of which
 * a webhook receiver needs; so are the discard (100::/64) and documentation (2001:db8::/32) ranges.
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96],
  ['::ffff:0:0:0', 96],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** Whether `address` (an IP literal) is outside the public internet. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return NOT_PUBLIC.check(bare, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return NOT_PUBLIC.check(mapped[1]!, 'ipv4');
  return NOT_PUBLIC.check(bare, 'ipv6');
}

/**
 * The public addresses `hostname` resolves to; throws `PrivateAddressError` when it is, or
 * resolves to, a private one (a name pointing at both is refused whole).
 */
export async function publicAddressesOf(hostname: string): Promise<Array<{ address: string; family: number }>> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(bare) ? [{ address: bare, family: isIP(bare) }] : await lookup(bare, { all: true });
  const refused = addresses.find(({ address }) => isPrivateAddress(address));
  if (refused || addresses.length === 0) throw new PrivateAddressError(hostname);
  return addresses;
}

export class PrivateAddressError extends Error {
  readonly code = 'webhook.private_address';
  constructor(readonly hostname: string) {
    super(`${hostname} is not a public internet address`);
  }
}
