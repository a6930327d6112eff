import { ACCOUNT_EVENT_TYPES, recordedRole, type AccountEvent } from '@shop/domain';
import type { Projection } from '../runtime/projection.js';
import { ERASED_VALUE } from '../personal-data/personal-data-vault.js';

/** Accounts (profile, role) and each account's security activity. */
export const accountsProjection: Projection = {
  name: 'accounts',
  // 2: attempts to turn two-factor off, their lock, and sessions ended by their owner.
  // 3: e-mail changes and erasure (erased_at); the back-office's sort indexes.
  // 4: staff roles (`roles`, several per account; legacy `admin` grants read as owner).
  version: 4,
  tables: {
    accounts: (table) => {
      table.text('id').primary();
      table.text('email').notNullable();
      table.text('full_name').notNullable();
      /** Every role held: `customer`, then the staff roles in the order granted. */
      table.specificType('roles', 'text[]').notNullable();
      table.boolean('two_factor_enabled').notNullable();
      table.text('registration_method').notNullable();
      table.timestamp('created_at', { useTz: true }).notNullable();
      table.timestamp('last_sign_in_at', { useTz: true });
      table.timestamp('updated_at', { useTz: true }).notNullable();
      /** The person was erased: their e-mail and name read "[erased]" and they cannot sign in. */
      table.timestamp('erased_at', { useTz: true });
      /** As the account's decider counts it: a back-office form sends it back to be told it is stale. */
      table.integer('profile_version').notNullable().defaultTo(1);
      table.index(['created_at']);
      // The back-office's customer list sorts by these (its search scans: a few thousand rows).
      table.index(['email']);
      table.index(['full_name']);
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
    const open = (sealed: string) => context.openPersonalData(userId, sealed);
    const accounts = () => trx(table('accounts')).where({ id: userId });
    /** A change of what the profile form edits: a new profile version, as the account's decider counts it. */
    const profileChanged = (columns: { full_name: string } | { email: string }) =>
      accounts()
        .update({ ...columns, updated_at: recorded.recordedAt })
        .increment('profile_version', 1);
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
    /** An attempt recorded with the device and the place it came from, both sealed in the event. */
    const activityFrom = async (action: string, success: boolean, from: { device: string; location: string }) =>
      activity(action, success, await open(from.device), await open(from.location));

    switch (event.type) {
      case 'AccountRegistered':
        await trx(table('accounts'))
          .insert({
            id: userId,
            email: await open(event.data.email),
            full_name: await open(event.data.fullName),
            roles: ['customer'],
            two_factor_enabled: false,
            registration_method: event.data.method,
            created_at: event.data.registeredAt,
            updated_at: recorded.recordedAt,
          })
          .onConflict('id')
          .ignore();
        return;
      case 'ProfileUpdated':
        await profileChanged({ full_name: await open(event.data.fullName) });
        return;
      case 'RoleGranted': {
        const role = recordedRole(event.data.role);
        if (!role) return;
        await accounts()
          .whereRaw('NOT (? = ANY(roles))', [role])
          .update({ roles: trx.raw('array_append(roles, ?)', [role]), updated_at: recorded.recordedAt });
        return;
      }
      case 'RoleRevoked':
        await accounts().update({
          roles: trx.raw('array_remove(roles, ?)', [event.data.role]),
          updated_at: recorded.recordedAt,
        });
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
        await activityFrom(event.data.newDevice ? 'sign_in_new_device' : 'sign_in', true, event.data);
        return;
      case 'SignInFailed':
        await activityFrom(`sign_in_failed:${event.data.reason}`, false, event.data);
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
        await activityFrom(`two_factor_disable_failed:${event.data.reason}`, false, event.data);
        return;
      case 'TwoFactorDisableLocked':
        await activity('two_factor_disable_locked', false);
        return;
      case 'SessionRevoked':
        // The device named is the session's that was ended, not the one that ended it.
        await activity('session_revoked', true, await open(event.data.device));
        return;
      case 'EmailChanged':
        await profileChanged({ email: await open(event.data.email) });
        return;
      case 'PersonalDataErased':
        // The key is gone: what was opened from it before leaves the read model too.
        await accounts().update({
          email: ERASED_VALUE,
          full_name: ERASED_VALUE,
          erased_at: event.data.erasedAt,
          updated_at: recorded.recordedAt,
        });
        await trx(table('security_activity')).where({ user_id: userId }).update({ device: null, location: null });
        return;
      case 'PasswordResetRequested':
      case 'SignedOut':
        return;
    }
  },
};
