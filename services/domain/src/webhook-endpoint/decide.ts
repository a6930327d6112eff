import { assertNever, type Decider } from '../shared/decider.js';
import { DomainError, NotFoundError } from '../shared/domain-error.js';
import {
  ALL_EVENT_TYPES,
  type WebhookEndpointEvent,
  type WebhookEndpointRegistered,
  type WebhookReplayRequested,
} from './events.js';

export const WEBHOOK_URL_MAX_LENGTH = 2000;
/** More would be a list to keep by hand: `*` says "all". */
export const WEBHOOK_EVENT_TYPES_MAX = 100;

export type WebhookEndpointCommand =
  | {
      type: 'RegisterWebhookEndpoint';
      data: {
        endpointId: string;
        url: string;
        eventTypes: readonly string[];
        personalData: boolean;
        /** The event types the shop records (its vocabulary, injected like the clock). */
        knownEventTypes: readonly string[];
        /** In production only https, and never the machine itself. */
        production: boolean;
        registeredBy: string;
        now: Date;
      };
    }
  | { type: 'RemoveWebhookEndpoint'; data: { endpointId: string; removedBy: string; now: Date } }
  | {
      type: 'RequestWebhookReplay';
      data: { endpointId: string; replayId: string; fromPosition: number; requestedBy: string; now: Date };
    };

export interface WebhookEndpointState {
  status: 'none' | 'active' | 'removed';
  replayIds: readonly string[];
}

const refuse = (code: string, message: string, details: Record<string, unknown> = {}) =>
  new DomainError({ code, message, details });

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The rules a URL meets before the shop sends it anything: https (plain http only to the machine
 * itself, and only outside production), no user name or password in it (they would be sent to
 * every hop and shown in the back-office), no fragment. Whether its name leads to a private
 * address is the app's check: it takes a DNS lookup.
 */
export function checkWebhookUrl(value: string, production: boolean): URL {
  if (value.length > WEBHOOK_URL_MAX_LENGTH) {
    throw refuse('webhook.invalid_url', `A URL of at most ${WEBHOOK_URL_MAX_LENGTH} characters`);
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refuse('webhook.invalid_url', 'Not a URL', { url: value });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw refuse('webhook.invalid_url', 'An http or https URL', { protocol: url.protocol });
  }
  if (url.username !== '' || url.password !== '') {
    throw refuse('webhook.credentials_in_url', 'No user name or password in the URL: the signature proves the sender');
  }
  if (url.hash !== '' || value.includes('#')) throw refuse('webhook.invalid_url', 'No fragment (#) in the URL');
  const loopback = LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol === 'http:' && (production || !loopback)) {
    throw refuse(
      'webhook.https_required',
      production ? 'An https URL' : 'An https URL (http only to 127.0.0.1 or localhost, outside production)',
    );
  }
  if (production && loopback) throw refuse('webhook.private_address', 'Not the machine the shop runs on');
  return url;
}

/** The event types asked for, sorted and without repeats; `*` alone stands for all. */
export function checkWebhookEventTypes(eventTypes: readonly string[], known: readonly string[]): string[] {
  const asked = [...new Set(eventTypes)].sort();
  if (asked.length === 0) throw refuse('webhook.no_event_types', 'At least one event type, or *');
  if (asked.length > WEBHOOK_EVENT_TYPES_MAX) {
    throw refuse('webhook.invalid_event_types', `At most ${WEBHOOK_EVENT_TYPES_MAX} event types: use * for all`);
  }
  if (asked.includes(ALL_EVENT_TYPES)) {
    if (asked.length > 1) throw refuse('webhook.invalid_event_types', '* stands alone: it means every event type');
    return asked;
  }
  const unknown = asked.filter((type) => !known.includes(type));
  if (unknown.length > 0) {
    throw refuse('webhook.unknown_event_type', `No such event type: ${unknown.slice(0, 5).join(', ')}`, { unknown });
  }
  return asked;
}

/** Whether an endpoint that asked for `eventTypes` receives an event of `type`. */
export const webhookReceives = (eventTypes: readonly string[], type: string): boolean =>
  eventTypes.includes(ALL_EVENT_TYPES) || eventTypes.includes(type);

const notFound = (endpointId: string) =>
  new NotFoundError({ code: 'webhook.not_found', message: 'No such webhook endpoint', details: { endpointId } });

export function decideWebhookEndpoint(
  command: WebhookEndpointCommand,
  state: WebhookEndpointState,
): WebhookEndpointEvent[] {
  switch (command.type) {
    case 'RegisterWebhookEndpoint': {
      const { data } = command;
      if (state.status !== 'none') throw refuse('webhook.already_registered', 'This endpoint is registered already');
      const url = checkWebhookUrl(data.url.trim(), data.production);
      const eventTypes = checkWebhookEventTypes(data.eventTypes, data.knownEventTypes);
      const registered: WebhookEndpointRegistered = {
        type: 'WebhookEndpointRegistered',
        data: {
          endpointId: data.endpointId,
          url: url.href,
          eventTypes,
          personalData: data.personalData,
          registeredBy: data.registeredBy,
          registeredAt: data.now.toISOString(),
        },
      };
      return [registered];
    }
    case 'RemoveWebhookEndpoint': {
      const { data } = command;
      if (state.status === 'none') throw notFound(data.endpointId);
      if (state.status === 'removed') return [];
      return [
        {
          type: 'WebhookEndpointRemoved',
          data: { endpointId: data.endpointId, removedBy: data.removedBy, removedAt: data.now.toISOString() },
        },
      ];
    }
    case 'RequestWebhookReplay': {
      const { data } = command;
      if (state.status === 'none') throw notFound(data.endpointId);
      if (state.status === 'removed')
        throw refuse('webhook.removed', 'This endpoint was removed: nothing is sent to it');
      if (state.replayIds.includes(data.replayId)) return [];
      if (!Number.isSafeInteger(data.fromPosition) || data.fromPosition < 1) {
        throw refuse('webhook.invalid_position', 'A position in the log is a whole number from 1', {
          fromPosition: data.fromPosition,
        });
      }
      const requested: WebhookReplayRequested = {
        type: 'WebhookReplayRequested',
        data: {
          endpointId: data.endpointId,
          replayId: data.replayId,
          fromPosition: data.fromPosition,
          requestedBy: data.requestedBy,
          requestedAt: data.now.toISOString(),
        },
      };
      return [requested];
    }
    default:
      return assertNever(command);
  }
}

export const webhookEndpointDecider: Decider<WebhookEndpointCommand, WebhookEndpointEvent, WebhookEndpointState> = {
  initialState: () => ({ status: 'none', replayIds: [] }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'WebhookEndpointRegistered':
        return { ...state, status: 'active' };
      case 'WebhookEndpointRemoved':
        return { ...state, status: 'removed' };
      case 'WebhookReplayRequested':
        return { ...state, replayIds: [...state.replayIds, event.data.replayId] };
      default:
        return state;
    }
  },
  decide: decideWebhookEndpoint,
};
