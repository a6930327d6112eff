import { expect } from 'vitest';
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

/**
 * A refund asked as askRefund asks it, expected made there and then (201, succeeded) of the payment
 * `paymentReference` names: the shop's answer.
 */
export async function refundMade(
  call: (method: string, path: string, options: JsonRequest) => Promise<JsonReply>,
  token: string,
  refund: { subscriptionId: string; amountCents: number; reason: string; paymentReference: string },
): Promise<JsonReply> {
  const { subscriptionId, amountCents, reason, paymentReference } = refund;
  const made = await askRefund(call, token, subscriptionId, amountCents, reason);
  expect(made.status).toBe(201);
  expect(made.body).toMatchObject({ paymentReference, amountCents, status: 'succeeded' });
  return made;
}
