import { describe, expect, it } from 'vitest';
import { DeciderSpec } from '../shared/decider-spec.js';
import { checkWebhookUrl, webhookEndpointDecider, webhookReceives, type WebhookEndpointCommand } from './decide.js';
import type { WebhookEndpointEvent } from './events.js';

const spec = () => DeciderSpec.for(webhookEndpointDecider);
const NOW = new Date('2026-11-26T10:00:00.000Z');
const KNOWN = ['OrderPlaced', 'PaymentSucceeded', 'SubscriptionActivated'];

type Registration = Partial<Extract<WebhookEndpointCommand, { type: 'RegisterWebhookEndpoint' }>['data']>;
const register = (data: Registration = {}) =>
  ({
    type: 'RegisterWebhookEndpoint',
    data: {
      endpointId: 'e1',
      url: 'https://hooks.example.com/shop',
      eventTypes: ['PaymentSucceeded', 'OrderPlaced', 'OrderPlaced'],
      personalData: false,
      knownEventTypes: KNOWN,
      production: true,
      registeredBy: 'owner-1',
      now: NOW,
      ...data,
    },
  }) satisfies WebhookEndpointCommand;

const registered: WebhookEndpointEvent = {
  type: 'WebhookEndpointRegistered',
  data: {
    endpointId: 'e1',
    url: 'https://hooks.example.com/shop',
    eventTypes: ['OrderPlaced', 'PaymentSucceeded'],
    personalData: false,
    registeredBy: 'owner-1',
    registeredAt: NOW.toISOString(),
  },
};
const removed: WebhookEndpointEvent = {
  type: 'WebhookEndpointRemoved',
  data: { endpointId: 'e1', removedBy: 'owner-2', removedAt: NOW.toISOString() },
};
const remove: WebhookEndpointCommand = {
  type: 'RemoveWebhookEndpoint',
  data: { endpointId: 'e1', removedBy: 'owner-2', now: NOW },
};
const replay = (replayId: string, fromPosition = 12): WebhookEndpointCommand => ({
  type: 'RequestWebhookReplay',
  data: { endpointId: 'e1', replayId, fromPosition, requestedBy: 'owner-2', now: NOW },
});

describe('registering a webhook endpoint', () => {
  it('records the URL, the event types sorted once each, the personal-data scope and who registered it', () => {
    spec().when(register()).then([registered]);
    spec()
      .when(register({ eventTypes: ['*'], personalData: true }))
      .then([
        { ...registered, data: { ...registered.data, eventTypes: ['*'], personalData: true } } as WebhookEndpointEvent,
      ]);
  });

  it('refuses a second registration of the same endpoint', () => {
    spec().given([registered]).when(register()).thenThrows({ code: 'webhook.already_registered' });
  });

  it.each<[refused: string, data: Registration, refusal: { code: string; details?: Record<string, unknown> }]>([
    [
      'unknown event types, naming them',
      { eventTypes: ['OrderPlaced', 'OrderEaten'] },
      { code: 'webhook.unknown_event_type', details: { unknown: ['OrderEaten'] } },
    ],
    ['no event type', { eventTypes: [] }, { code: 'webhook.no_event_types' }],
    ['* beside other event types', { eventTypes: ['*', 'OrderPlaced'] }, { code: 'webhook.invalid_event_types' }],
    ['http in production', { url: 'http://hooks.example.com/' }, { code: 'webhook.https_required' }],
    ['http to the machine itself in production', { url: 'http://127.0.0.1:9000/' }, { code: 'webhook.https_required' }],
    [
      'the machine itself, even over https, in production',
      { url: 'https://localhost/' },
      { code: 'webhook.private_address' },
    ],
    [
      'http to another machine outside production',
      { url: 'http://hooks.example.com/', production: false },
      { code: 'webhook.https_required' },
    ],
    ['credentials in the URL', { url: 'https://user:pw@hooks.example.com/' }, { code: 'webhook.credentials_in_url' }],
    ['an address without a scheme', { url: 'hooks.example.com' }, { code: 'webhook.invalid_url' }],
    ['another scheme', { url: 'ftp://hooks.example.com/' }, { code: 'webhook.invalid_url' }],
    ['a fragment', { url: 'https://hooks.example.com/#x' }, { code: 'webhook.invalid_url' }],
    ['what is not a web address', { url: 'javascript:alert(1)' }, { code: 'webhook.invalid_url' }],
  ])('refuses %s', (_refused, data, refusal) => {
    spec().when(register(data)).thenThrows(refusal);
  });

  it('allows http to the machine itself outside production only', () => {
    expect(checkWebhookUrl('http://127.0.0.1:9000/in', false).href).toBe('http://127.0.0.1:9000/in');
    expect(checkWebhookUrl('http://localhost:9000/in', false).port).toBe('9000');
  });
});

describe('removing and replaying', () => {
  it('records the removal once, and refuses a replay afterwards', () => {
    spec().given([registered]).when(remove).then([removed]);
    spec().given([registered, removed]).when(remove).thenNothing();
    spec().given([registered, removed]).when(replay('r1')).thenThrows({ code: 'webhook.removed' });
    spec().when(remove).thenThrows({ code: 'webhook.not_found' });
  });

  it('records who asked for a replay from which position, once per replay id', () => {
    const requested: WebhookEndpointEvent = {
      type: 'WebhookReplayRequested',
      data: {
        endpointId: 'e1',
        replayId: 'r1',
        fromPosition: 12,
        requestedBy: 'owner-2',
        requestedAt: NOW.toISOString(),
      },
    };
    spec().given([registered]).when(replay('r1')).then([requested]);
    spec().given([registered, requested]).when(replay('r1')).thenNothing();
    for (const position of [0, -3, 1.5]) {
      spec().given([registered]).when(replay('r2', position)).thenThrows({ code: 'webhook.invalid_position' });
    }
  });
});

describe('which events an endpoint receives', () => {
  it('those of its types, or all with *', () => {
    expect(webhookReceives(['OrderPlaced'], 'OrderPlaced')).toBe(true);
    expect(webhookReceives(['OrderPlaced'], 'PaymentSucceeded')).toBe(false);
    expect(webhookReceives(['*'], 'PaymentSucceeded')).toBe(true);
  });
});
