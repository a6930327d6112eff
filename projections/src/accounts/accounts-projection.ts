import { ACCOUNT_EVENT_TYPES, type AccountEvent } from '@shop/domain';
import type { Projection } from '../runtime/projection.js';

const ERASED = '[erased]';

/** Accounts (profile, role) and each account's security activity. */
export const accountsProjection: Projection = {
  name: 'accounts',
  // 2: attempts to turn two-factor off, their lock, and sessions ended by their owner.
  version: 2,
  tables: {
    accounts: (table) => {
      table.text('id').primary();
      table.text('email').notNullable();
      table.text('full_name').notNullable();
      table.text('role').notNullable();
      table.boolean('two_factor_enabled').notNullable();
      table.text('registration_method').notNullable();
      table.timestamp('created_at', { useTz: true }).notNullable();
      table.timestamp('last_sign_in_at', { useTz: true });
      table.timestamp('updated_at', { useTz: true }).notNullable();
    },
    security_activity: (table) => {
      table.text('id').primary();
      table.text('user_id').notNullable();
      table.text('action').notNullable();
      table.text('device');
      table.text('location');
      table.boolean('success').notNullable();
      table.timestamp('created_at', { useTz: true }).notNullable();
      table.index(['user_id', 'created_at']);
    },
  },
  eventTypes: ACCOUNT_EVENT_TYPES,
  apply: async (recorded, context) => {
    const event = { type: recorded.type, data: recorded.data } as AccountEvent;
    const { trx, table } = context;
    const userId = event.data.userId;
    const open = async (sealed: string) => (await context.openPersonalData(userId, sealed)) ?? ERASED;
    const accounts = () => trx(table('accounts')).where({ id: userId });
    const activity = (action: string, success: boolean, device: string | null = null, location: string | null = null) =>
      trx(table('security_activity'))
        .insert({
          id: recorded.id,
          user_id: userId,
          action,
          device,
          location,
          success,
          created_at: recorded.recordedAt,
        })
        .onConflict('id')
        .ignore();

    switch (event.type) {
      case 'AccountRegistered':
        await trx(table('accounts'))
          .insert({
            id: userId,
            email: await open(event.data.email),
            full_name: await open(event.data.fullName),
            role: 'customer',
            two_factor_enabled: false,
            registration_method: event.data.method,
            created_at: event.data.registeredAt,
            updated_at: recorded.recordedAt,
          })
          .onConflict('id')
          .ignore();
        return;
      case 'ProfileUpdated':
        await accounts().update({ full_name: await open(event.data.fullName), updated_at: recorded.recordedAt });
        return;
      case 'RoleGranted':
        await accounts().update({ role: event.data.role, updated_at: recorded.recordedAt });
        return;
      case 'TwoFactorEnabled':
      case 'TwoFactorDisabled':
        await accounts().update({
          two_factor_enabled: event.type === 'TwoFactorEnabled',
          updated_at: recorded.recordedAt,
        });
        await activity(event.type === 'TwoFactorEnabled' ? 'two_factor_enabled' : 'two_factor_disabled', true);
        return;
      case 'SignedIn':
        await accounts().update({ last_sign_in_at: event.data.at });
        await activity(
          event.data.newDevice ? 'sign_in_new_device' : 'sign_in',
          true,
          await open(event.data.device),
          await open(event.data.location),
        );
        return;
      case 'SignInFailed':
        await activity(
          `sign_in_failed:${event.data.reason}`,
          false,
          await open(event.data.device),
          await open(event.data.location),
        );
        return;
      case 'AccountLocked':
        await activity('account_locked', false);
        return;
      case 'PasswordChanged':
        await activity(event.data.via === 'reset' ? 'password_reset' : 'password_changed', true);
        return;
      case 'RefreshTokenReuseDetected':
        await activity('session_token_reused', false);
        return;
      case 'TwoFactorDisableFailed':
        await activity(
          `two_factor_disable_failed:${event.data.reason}`,
          false,
          await open(event.data.device),
          await open(event.data.location),
        );
        return;
      case 'TwoFactorDisableLocked':
        await activity('two_factor_disable_locked', false);
        return;
      case 'SessionRevoked':
        // The device named is the session's that was ended, not the one that ended it.
        await activity('session_revoked', true, await open(event.data.device));
        return;
      case 'PasswordResetRequested':
      case 'SignedOut':
        return;
    }
  },
};
