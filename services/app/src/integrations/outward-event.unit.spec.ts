import type { RecordedEvent } from '@shop/event-store';
import { describe, expect, it } from 'vitest';
import { personalDataSubject, toOutwardEvent } from './outward-event.js';

const recorded = (streamId: string, type: string, data: unknown, position = 7): RecordedEvent => ({
  id: `event-${position}`,
  streamId,
  streamVersion: 1,
  globalPosition: position,
  checkpoint: `1:${position}`,
  type,
  schemaVersion: 1,
  data,
  metadata: { actor: { type: 'admin', id: 'u-1' } },
  recordedAt: new Date('2026-03-01T10:00:00.000Z'),
});

const registered = recorded('account-u-1', 'AccountRegistered', {
  userId: 'u-1',
  email: 'pd1:c2VhbGVkLWVtYWls',
  fullName: 'pd1:c2VhbGVkLW5hbWU=',
  method: 'password',
  registeredAt: '2026-03-01T10:00:00.000Z',
});

describe('toOutwardEvent', () => {
  it('gives the outward shape: id, type, position, recordedAt, streamId, data, and no metadata', async () => {
    const outward = await toOutwardEvent(recorded('plan-p1', 'PlanPublished', { planId: 'p1', name: 'Music' }), {
      personalData: false,
    });
    expect(outward).toEqual({
      id: 'event-7',
      type: 'PlanPublished',
      position: 7,
      recordedAt: '2026-03-01T10:00:00.000Z',
      streamId: 'plan-p1',
      data: { planId: 'p1', name: 'Music' },
    });
  });

  it('removes sealed personal data without the personal-data permission', async () => {
    const outward = await toOutwardEvent(registered, { personalData: false });
    expect(outward.data).toEqual({ userId: 'u-1', method: 'password', registeredAt: '2026-03-01T10:00:00.000Z' });
  });

  it('opens sealed personal data with the permission, with the person as subject, [erased] once erased', async () => {
    const opened: Array<[string, string]> = [];
    const outward = await toOutwardEvent(registered, {
      personalData: true,
      open: async (subject, sealed) => {
        opened.push([subject, sealed]);
        return sealed === 'pd1:c2VhbGVkLWVtYWls' ? 'ada@example.test' : null;
      },
    });
    expect(outward.data).toMatchObject({ email: 'ada@example.test', fullName: '[erased]' });
    expect(opened.map(([subject]) => subject)).toEqual(['u-1', 'u-1']);
  });

  it('removes the plain personal fields of a business buyer without the permission, keeps them with it', async () => {
    const order = recorded('subscription-s1', 'OrderPlaced', {
      subscriptionId: 's1',
      totalCents: 1200,
      billing: { country: 'FR', companyName: 'Ada Lovelace EI', vatNumber: 'FR123' },
    });
    expect((await toOutwardEvent(order, { personalData: false })).data).toEqual({
      subscriptionId: 's1',
      totalCents: 1200,
      billing: { country: 'FR' },
    });
    expect((await toOutwardEvent(order, { personalData: true, open: async () => null })).data).toEqual(order.data);
  });

  it('never gives a field named like a secret', async () => {
    const outward = await toOutwardEvent(
      recorded('x-1', 'Something', { ok: 1, nested: { password: 'p', token: 't' } }),
      {
        personalData: true,
        open: async () => null,
      },
    );
    expect(outward.data).toEqual({ ok: 1, nested: {} });
  });

  it("never gives a webhook endpoint's address, which may hold the receiver's token in its path", async () => {
    const registeredEndpoint = recorded('outbound-webhook-w1', 'WebhookEndpointRegistered', {
      endpointId: 'w1',
      url: 'https://hooks.example.com/services/T000/B000/a-token-in-the-path',
      eventTypes: ['*'],
      personalData: false,
      registeredBy: 'u-1',
      registeredAt: '2026-03-01T10:00:00.000Z',
    });
    for (const options of [{ personalData: false } as const, { personalData: true, open: async () => null } as const]) {
      const outward = await toOutwardEvent(registeredEndpoint, options);
      expect(outward.data).toEqual({
        endpointId: 'w1',
        eventTypes: ['*'],
        personalData: false,
        registeredBy: 'u-1',
        registeredAt: '2026-03-01T10:00:00.000Z',
      });
    }
  });

  it('names the subject whose key seals each stream', () => {
    expect(personalDataSubject('account-u-1')).toBe('u-1');
    expect(personalDataSubject('inquiry-i-9')).toBe('inquiry-i-9');
    expect(personalDataSubject('accounting-F2026')).toBe('accounting-2026');
    expect(personalDataSubject('subscription-s1')).toBeNull();
  });
});
