import type { Role } from '@shop/domain';
import type { EventStore, SnapshotStore, Snapshotting } from '@shop/event-store';
import type { PersonalDataVault } from '@shop/projections';
import type { Knex } from 'knex';
import type { ShopConfig } from '../config.js';
import type { Logger } from '../infrastructure/logger.js';
import type { ShopKeys } from '../security/keys.js';
import type { RateLimits } from '../security/rate-limits.js';
import type { TwoFactorService } from './two-factor-service.js';

/** What the account modules share: secrets in ordinary tables, facts in the log. */
export interface AccountServiceDependencies {
  knex: Knex;
  store: EventStore;
  vault: PersonalDataVault;
  keys: ShopKeys;
  config: ShopConfig;
  limits: RateLimits;
  clock: () => Date;
  logger: Logger;
  twoFactor: TwoFactorService;
  snapshots: SnapshotStore;
}

export interface ClientContext {
  ip: string;
  device: string;
  location: string;
  correlationId: string;
}

export interface IssuedSession {
  userId: string;
  sessionId: string;
  roles: Role[];
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  csrfToken: string;
}

/**
 * An account's stream grows with every sign-in, and it is folded on every sign-in, refresh and
 * change: commands start from its last snapshot. Change the name when `AccountState` or
 * `evolveAccount` changes shape, so older snapshots are ignored.
 */
export const ACCOUNT_SNAPSHOTS = (deps: { snapshots: SnapshotStore }): Snapshotting => ({
  store: deps.snapshots,
  name: 'account-state:3',
  every: 100,
});

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
