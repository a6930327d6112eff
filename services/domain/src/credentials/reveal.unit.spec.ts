import { describe, expect, it } from 'vitest';
import { DeciderSpec } from '../shared/decider-spec.js';
import {
  credentialRevealDecider,
  credentialRevealStreamId,
  type CredentialsRevealed,
  type RecordReveal,
} from './reveal.js';

const at = '2026-11-24T10:00:00.000Z';
// The reading as the service sends it, which the event records as it is.
const reading: CredentialsRevealed['data'] = {
  revealId: 'r1',
  credentialSetId: 'set-1',
  credentialsVersion: 2,
  subscriptionId: null,
  revealedBy: 'admin-1',
  viewer: 'admin',
  revealedAt: at,
};
const record = (overrides: Partial<RecordReveal['data']> = {}): RecordReveal => ({
  type: 'RecordReveal',
  data: { ...reading, ...overrides },
});
const revealed: CredentialsRevealed = { type: 'CredentialsRevealed', data: reading };
const spec = () => DeciderSpec.for(credentialRevealDecider);

describe('credential reveals', () => {
  it('record who read which set, at which version, and when', () => {
    spec().when(record()).then([revealed]);
  });

  it('are recorded once when the same reading is sent twice', () => {
    spec().given([revealed]).when(record()).thenNothing();
  });

  it('keep a carried-over reading at its original time, marked', () => {
    spec()
      .when(record({ carriedOver: true }))
      .then([{ ...revealed, data: { ...revealed.data, carriedOver: true } }]);
  });

  it('name an operator or a customer, a version and a subscription for a customer', () => {
    spec()
      .when(record({ viewer: 'robot' }))
      .thenThrows({ code: 'credentials.reveal_invalid' });
    spec()
      .when(record({ credentialsVersion: 0 }))
      .thenThrows({ code: 'credentials.reveal_invalid' });
    spec()
      .when(record({ viewer: 'customer', revealedBy: 'customer-1' }))
      .thenThrows({ code: 'credentials.reveal_invalid' });
  });

  it("go to the reader's stream", () => {
    expect(credentialRevealStreamId('admin-1')).toBe('credential-reveals-admin-1');
  });
});
