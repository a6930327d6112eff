import { WEBHOOK_EVENT_TYPE } from './payment-service.js';
import { jobPerEvent } from '../reactors/reactor.js';

/** Each stored provider notification becomes one job; the job applies it with retries. */
export const paymentReactor = jobPerEvent('payment-webhooks', WEBHOOK_EVENT_TYPE, (_data, event) => ({
  name: 'process-payment-webhook',
  data: { streamId: event.streamId },
}));
