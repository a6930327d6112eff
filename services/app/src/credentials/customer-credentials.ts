import type { SubscriptionCredentials } from '@shop/contracts';
import { DomainError, NotFoundError, type Language } from '@shop/domain';
import { getPlan, getSubscription, isCurrentlyActive } from '@shop/projections';
import type { Knex } from 'knex';
import type { SealedCredentials } from './sealed-credentials.js';

/** Subscription ids are UUIDs: anything else is answered as missing without a query. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const subscriptionNotFound = () =>
  new NotFoundError({ code: 'subscription.not_found', message: 'No such subscription' });

/**
 * The credentials of a customer's own subscription. Another customer's subscription answers
 * exactly like a missing one. While no set is assigned (or the assigned set was deleted and
 * awaits a replacement) the page says they are being prepared.
 */
export async function credentialsForCustomer(
  deps: { knex: Knex; clock: () => Date; sealed: SealedCredentials },
  request: { userId: string; subscriptionId: string; language: Language },
): Promise<SubscriptionCredentials> {
  const { userId, subscriptionId } = request;
  const subscription = UUID.test(subscriptionId) ? await getSubscription(deps.knex, subscriptionId) : null;
  if (!subscription || subscription.userId !== userId) throw subscriptionNotFound();
  if (!isCurrentlyActive(subscription, deps.clock())) {
    throw new DomainError({
      code: 'subscription.not_active',
      message: 'Credentials are shown only while the subscription is active',
      details: { subscriptionStatus: subscription.status, expiresAt: subscription.expiresAt },
    });
  }
  const plan = await getPlan(deps.knex, subscription.planId, request.language);
  const shown = { subscriptionId, planName: plan?.name ?? subscription.planName, logo: plan?.logo ?? null };
  const row = subscription.credentialsId ? await deps.sealed.find(subscription.credentialsId) : undefined;
  if (!row) return { status: 'preparing', ...shown };
  await deps.sealed.recordReveal({ credentials: row, subscriptionId, revealedBy: userId, viewer: 'customer' });
  return {
    status: 'ready',
    ...shown,
    email: deps.sealed.open(row.login_encrypted),
    password: deps.sealed.open(row.password_encrypted),
    additionalInfo: deps.sealed.openAdditionalInfo(row),
  };
}
