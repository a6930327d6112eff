import {
  webhookEndpointDecider,
  webhookEndpointStreamId,
  type WebhookEndpointCommand,
  type WebhookEndpointEvent,
  type WebhookEndpointState,
} from '@shop/domain';
import { StreamCommands } from '../../infrastructure/stream-commands.js';

/** Each webhook endpoint's stream (`outbound-webhook-<id>`): registered, replays asked for, removed. */
export class WebhookEndpointCommands extends StreamCommands<
  WebhookEndpointCommand,
  WebhookEndpointEvent,
  WebhookEndpointState
> {
  constructor(deps: ConstructorParameters<typeof StreamCommands>[0]) {
    super(deps, webhookEndpointDecider, (command) => webhookEndpointStreamId(command.data.endpointId));
  }
}
