import type { JsonReply, JsonRequest } from './http-customer.js';

/**
 * A refund of `amountCents` of the subscription's payment, asked from the back-office
 * (`POST …/refunds`) with `token` through `call` (a spec's request function): the shop's answer,
 * whatever its status.
 */
export const askRefund = (
  call: (method: string, path: string, options: JsonRequest) => Promise<JsonReply>,
  token: string,
  subscriptionId: string,
  amountCents: number,
  reason: string,
  headers?: Record<string, string>,
) =>
  call('POST', `/api/admin/subscriptions/${subscriptionId}/refunds`, {
    token,
    body: { amountCents, reason },
    ...(headers && { headers }),
  });
