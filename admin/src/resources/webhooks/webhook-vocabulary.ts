import type { WebhookDelivery, WebhookEndpoint } from '@shop/contracts';
import { HttpError } from 'react-admin';

export type { WebhookDelivery, WebhookEndpoint };

/** `*`: every event type, those added later included. */
export const ALL_EVENT_TYPES = '*';

type Translate = (key: string, options?: object) => string;

/** An event type in the operator's words (« Commande passée »), `*` as « Tous les événements ». */
export function eventTypeName(translate: Translate, type: string): string {
  return type === ALL_EVENT_TYPES
    ? translate('shop.webhooks.allEvents')
    : translate(`shop.eventTypes.${type}`, { _: type });
}

/** What the operator reads for a refusal of the API: our words for the webhook codes, the server's otherwise. */
export function refusalMessage(translate: Translate, error: unknown): string {
  const code = error instanceof HttpError ? (error.body as { code?: unknown } | null)?.code : undefined;
  if (typeof code === 'string' && code.startsWith('webhook.')) {
    return translate(`shop.webhooks.refusals.${code.slice('webhook.'.length)}`, {
      _: error instanceof Error ? error.message : code,
    });
  }
  return error instanceof Error ? error.message : 'ra.notification.http_error';
}
