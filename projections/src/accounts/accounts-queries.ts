import type { Role } from '@shop/domain';
import type { Knex } from 'knex';
import type { Profile, SecurityEvent } from '@shop/contracts';

/** The profile the API answers, and when the account last signed in. */
export type AccountView = Profile & { lastSignInAt: string | null };

/** An `accounts` row, as the read model stores it. */
export interface AccountRow {
  id: string;
  email: string;
  full_name: string;
  roles: Role[];
  two_factor_enabled: boolean;
  created_at: Date;
  last_sign_in_at: Date | null;
}

const toView = (row: AccountRow): AccountView => ({
  id: row.id,
  email: row.email,
  fullName: row.full_name,
  roles: row.roles,
  twoFactorEnabled: row.two_factor_enabled,
  memberSince: row.created_at.toISOString(),
  lastSignInAt: row.last_sign_in_at?.toISOString() ?? null,
});

export async function getAccount(knex: Knex, userId: string): Promise<AccountView | null> {
  const row = await knex<AccountRow>('accounts').where({ id: userId }).first();
  return row ? toView(row) : null;
}

export type SecurityActivityView = SecurityEvent;

/** The most recent security events of one account, newest first. */
export async function listSecurityActivity(knex: Knex, userId: string, limit = 10): Promise<SecurityActivityView[]> {
  const rows = await knex('security_activity')
    .where({ user_id: userId })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    device: row.device,
    location: row.location,
    success: row.success,
    createdAt: (row.created_at as Date).toISOString(),
  }));
}
