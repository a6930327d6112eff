import { describe, expect, it } from 'vitest';
import { isPrivateAddress, PrivateAddressError, publicAddressesOf } from './webhook-addresses.js';
import { signatureHeader, verifySignature } from './webhook-signature.js';

describe('where a production shop sends nothing', () => {
  it('the machine itself, private networks, link-local, CGNAT and multicast, in IPv4, IPv6 and mapped form', () => {
    for (const address of [
      '127.0.0.1',
      '10.20.30.40',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '[::1]',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not-an-address',
    ]) {
      expect([address, isPrivateAddress(address)]).toEqual([address, true]);
    }
  });

  it('an IPv4 address carried inside IPv6: compatible, translated, 6to4 and Teredo forms, and the discard and documentation ranges', () => {
    for (const hostname of [
      '[::127.0.0.1]',
      '[::ffff:0:127.0.0.1]',
      '[2002:7f00:1::]',
      '[2002:a00:1::1]',
      '[2002:5db8:d822::1]',
      '[2001:0:4136:e378:8000:63bf:80ff:fffe]',
      '[100::1]',
      '[2001:db8::1]',
    ]) {
      // As a URL hands them over: Node writes the embedded IPv4 in hexadecimal (::7f00:1).
      const address = new URL(`http://${hostname}/`).hostname;
      expect([address, isPrivateAddress(address)]).toEqual([address, true]);
    }
  });

  it('but any public address', () => {
    for (const address of ['93.184.216.34', '172.32.0.1', '8.8.8.8', '2606:4700::1111', '::ffff:93.184.216.34']) {
      expect([address, isPrivateAddress(address)]).toEqual([address, false]);
    }
  });

  it('refuses a literal private address without asking DNS', async () => {
    await expect(publicAddressesOf('10.0.0.1')).rejects.toBeInstanceOf(PrivateAddressError);
    expect(await publicAddressesOf('93.184.216.34')).toEqual([{ address: '93.184.216.34', family: 4 }]);
  });
});

describe('the signature of a delivery', () => {
  const secret = 'whsec_test';
  const now = new Date('2026-11-26T12:00:00Z');
  const t = Math.floor(now.getTime() / 1000);

  it('is t and the hex HMAC-SHA-256 of "t.body" with the secret', () => {
    // Computed apart from the shop (Python's hmac module).
    expect(signatureHeader(secret, '{"id":"e1"}', t)).toBe(
      `t=1795694400,v1=d2c0b412ed14ec431db450965e48f45392b2c990a98a035e372e7ae3872f711c`,
    );
    expect(verifySignature(secret, signatureHeader(secret, '{"id":"e1"}', t), '{"id":"e1"}', { now })).toBe(true);
  });

  it('fails for another body, another secret, a request older than five minutes, or a header not its shape', () => {
    const header = signatureHeader(secret, '{"id":"e1"}', t);
    expect(verifySignature(secret, header, '{"id":"e2"}', { now })).toBe(false);
    expect(verifySignature('whsec_other', header, '{"id":"e1"}', { now })).toBe(false);
    expect(verifySignature(secret, header, '{"id":"e1"}', { now: new Date(now.getTime() + 301_000) })).toBe(false);
    expect(verifySignature(secret, 'v1=abc', '{"id":"e1"}', { now })).toBe(false);
  });
});
