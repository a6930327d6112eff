import type { AdminSubscription, AdminUser, SubscriptionMoney } from '@shop/contracts';
import { within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import subscriptions from '../resources/subscriptions';
import { anAdminUser } from './fixtures';
import { json, page, renderResource, type Routes } from './render-resource';

/** What a subscription's page reads: the record, its history and documents (none), its money, and its customer. */
export function subscriptionPageApi(subscription: AdminSubscription, money: SubscriptionMoney): Routes {
  return {
    'GET /api/admin/subscriptions/:id': () => json<AdminSubscription>(subscription),
    'GET /api/admin/subscriptions/:id/history': () => page('history', []),
    'GET /api/admin/invoices': () => page('invoices', []),
    'GET /api/admin/subscriptions/:id/payments': () => json<SubscriptionMoney>(money),
    'GET /api/admin/users': () => page<AdminUser>('users', [anAdminUser()]),
  };
}

/** Opens the page of `aSubscription()` (sub-1), the API answered by `api`. */
export const showSubscription = (api: Routes, locale?: 'en') =>
  renderResource('subscriptions', subscriptions, {
    url: '/subscriptions/sub-1/show',
    api,
    references: ['plans', 'users', 'credentials'],
    locale,
  });

/**
 * Gives `reason` in the reason field ('Motif…') of a subscription's dialog. Pasted: typing into the
 * growing text area re-measures it at each key, which is slow in a test DOM.
 */
export async function giveReason(user: UserEvent, dialog: HTMLElement, reason: string) {
  await user.click(within(dialog).getByRole('textbox', { name: /^Motif/ }));
  await user.paste(reason);
}
