/**
 * The account the account specs start from: `u1`, its e-mail and name sealed as the application
 * hands them over, registered with a password. Test-only; every builder takes what a scenario changes.
 */
import { DeciderSpec } from '../../shared/decider-spec.js';
import { accountDecider } from '../decide.js';
import type { AccountRegistered } from '../events.js';

export const USER_ID = 'u1';

/** What `RegisterAccount` says of the person, registered at `registeredAt`. */
export const registration = (
  registeredAt: string,
  data: Partial<Omit<AccountRegistered['data'], 'userId' | 'registeredAt'>> = {},
): Omit<AccountRegistered['data'], 'userId'> => ({
  email: 'pd1:sealed-email',
  fullName: 'pd1:sealed-name',
  method: 'password',
  provider: null,
  registeredAt,
  ...data,
});

/** The account registered. */
export const accountRegistered = (...args: Parameters<typeof registration>): AccountRegistered => ({
  type: 'AccountRegistered',
  data: { userId: USER_ID, ...registration(...args) },
});

export const accountSpec = () => DeciderSpec.for(accountDecider);
