import type { EventStore } from '@shop/event-store';
import type { ProviderName } from './payment-provider.js';
import { WEBHOOK_EVENT_TYPE, type PaymentService } from './payment-service.js';
import type { JobHandlers } from '../jobs/job-queue.js';

export function paymentJobHandlers(deps: {
  store: EventStore;
  payments: PaymentService;
}): Pick<JobHandlers, 'process-payment-webhook'> {
  return {
    'process-payment-webhook': async ({ streamId }) => {
      const [stored] = await deps.store.readStream(streamId, { maxCount: 1 });
      if (stored?.type !== WEBHOOK_EVENT_TYPE) return;
      const data = stored.data as { provider: ProviderName; payload: Record<string, unknown> };
      await deps.payments.processWebhook(data.provider, data.payload, stored.id, stored.streamId);
    },
  };
}
