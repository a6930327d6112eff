import type { AccountEvent } from '@shop/domain';
import { asDomainEvent } from '@shop/event-store';
import type { SecurityNotificationKind } from '../jobs/job-queue.js';
import type { Reactor } from '../reactors/reactor.js';

function securityKind(event: AccountEvent): SecurityNotificationKind | null {
  switch (event.type) {
    case 'SignedIn':
      return event.data.newDevice ? 'new_device_sign_in' : null;
    case 'PasswordChanged':
      return 'password_changed';
    case 'TwoFactorEnabled':
      return 'two_factor_enabled';
    case 'TwoFactorDisabled':
      return 'two_factor_disabled';
    case 'AccountLocked':
      return 'account_locked';
    case 'RefreshTokenReuseDetected':
      return 'session_token_reused';
    default:
      return null;
  }
}

/** Security events of an account become a notification in its owner's mailbox. */
export const notificationReactor: Reactor = {
  name: 'account-notifications',
  eventTypes: [
    'SignedIn',
    'PasswordChanged',
    'TwoFactorEnabled',
    'TwoFactorDisabled',
    'AccountLocked',
    'RefreshTokenReuseDetected',
  ] satisfies ReadonlyArray<AccountEvent['type']>,
  react: (recorded) => {
    const event = asDomainEvent<AccountEvent>(recorded);
    const kind = securityKind(event);
    if (!kind) return [];
    return [
      {
        name: 'notify-user',
        data: { userId: event.data.userId, kind, eventId: recorded.id, at: recorded.recordedAt.toISOString() },
        jobId: recorded.id,
      },
    ];
  },
};
