import { WEBHOOK_EVENT_TYPE } from './payment-service.js';
import type { Reactor } from '../reactors/reactor.js';

/** Each stored provider notification becomes one job; the job applies it with retries. */
export const paymentReactor: Reactor = {
  name: 'payment-webhooks',
  eventTypes: [WEBHOOK_EVENT_TYPE],
  react: (event) => [{ name: 'process-payment-webhook', data: { streamId: event.streamId }, jobId: event.id }],
};
