import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalForm, canonicalJson, GENESIS_LINK, nextLink, type SealedFields } from './event-chain.js';

const fields: SealedFields = {
  position: 7,
  eventId: 'e-7',
  streamId: 'subscription-1',
  streamVersion: 2,
  type: 'PaymentConfirmed',
  schemaVersion: 1,
  data: { provider: 'stripe', amount: { currency: 'EUR', cents: 1223 } },
  metadata: { actor: { type: 'provider', id: 'stripe' } },
  recordedAt: '2026-11-24T12:00:00.000Z',
};

describe('the canonical form and the links', () => {
  it('gives the same bytes whatever the order of keys', () => {
    expect(canonicalJson({ b: [1, { d: null, c: 'x' }], a: true })).toBe('{"a":true,"b":[1,{"c":"x","d":null}]}');
    const reordered = { ...fields, data: { amount: { cents: 1223, currency: 'EUR' }, provider: 'stripe' } };
    expect(canonicalForm(reordered)).toBe(canonicalForm(fields));
  });

  it('is SHA-256 of the previous link bytes then the canonical JSON, as an auditor recomputes it', () => {
    const canonical =
      '{"data":{"amount":{"cents":1223,"currency":"EUR"},"provider":"stripe"},"eventId":"e-7",' +
      '"metadata":{"actor":{"id":"stripe","type":"provider"}},"position":7,"recordedAt":"2026-11-24T12:00:00.000Z",' +
      '"schemaVersion":1,"streamId":"subscription-1","streamVersion":2,"type":"PaymentConfirmed"}';
    expect(canonicalForm(fields)).toBe(canonical);
    expect(GENESIS_LINK).toBe(createHash('sha256').update('shop event log chain v1').digest('hex'));
    const expected = createHash('sha256')
      .update(Buffer.concat([Buffer.from(GENESIS_LINK, 'hex'), Buffer.from(canonical)]))
      .digest('hex');
    expect(nextLink(GENESIS_LINK, fields)).toBe(expected);
    expect(nextLink(GENESIS_LINK, { ...fields, data: { ...(fields.data as object), provider: 'paypal' } })).not.toBe(
      expected,
    );
  });
});
