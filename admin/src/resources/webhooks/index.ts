import WebhookIcon from '@mui/icons-material/Webhook';
import { lazyScreen } from '../../lib/lazy-screen';
import type { WebhookEndpoint } from './webhook-vocabulary';

/** Outbound webhooks: owners register endpoints, read their delivery log, replay (docs/adr/0035-outbound-webhooks.md). */
export default {
  list: lazyScreen(() => import('./webhook-endpoint-list').then((m) => m.WebhookEndpointList)),
  create: lazyScreen(() => import('./webhook-endpoint-create').then((m) => m.WebhookEndpointCreate)),
  show: lazyScreen(() => import('./webhook-endpoint-show').then((m) => m.WebhookEndpointShow)),
  icon: WebhookIcon,
  recordRepresentation: (endpoint: WebhookEndpoint) => endpoint.url,
};
