import { assertNever, type Decider } from '../shared/decider.js';
import { DomainError, NotFoundError } from '../shared/domain-error.js';
import type { AccountEvent, Role } from './events.js';

type Facts<E extends AccountEvent> = Omit<E['data'], 'userId'>;

/**
 * Account commands mostly record facts the application established (a password verified, a
 * code checked); the decider guards the order of things and makes repeats no-ops.
 */
export type AccountCommand =
  | { type: 'RegisterAccount'; userId: string; data: Facts<Extract<AccountEvent, { type: 'AccountRegistered' }>> }
  | { type: 'UpdateProfile'; userId: string; data: Facts<Extract<AccountEvent, { type: 'ProfileUpdated' }>> }
  | { type: 'RecordPasswordChange'; userId: string; data: Facts<Extract<AccountEvent, { type: 'PasswordChanged' }>> }
  | {
      type: 'RequestPasswordReset';
      userId: string;
      data: Facts<Extract<AccountEvent, { type: 'PasswordResetRequested' }>>;
    }
  | { type: 'RecordSignIn'; userId: string; data: Facts<Extract<AccountEvent, { type: 'SignedIn' }>> }
  | { type: 'RecordSignInFailure'; userId: string; data: Facts<Extract<AccountEvent, { type: 'SignInFailed' }>> }
  | { type: 'LockAccount'; userId: string; data: Facts<Extract<AccountEvent, { type: 'AccountLocked' }>> }
  | { type: 'RecordSignOut'; userId: string; data: Facts<Extract<AccountEvent, { type: 'SignedOut' }>> }
  | {
      type: 'RecordTokenReuse';
      userId: string;
      data: Facts<Extract<AccountEvent, { type: 'RefreshTokenReuseDetected' }>>;
    }
  | { type: 'EnableTwoFactor'; userId: string; data: Facts<Extract<AccountEvent, { type: 'TwoFactorEnabled' }>> }
  | { type: 'DisableTwoFactor'; userId: string; data: Facts<Extract<AccountEvent, { type: 'TwoFactorDisabled' }>> }
  | { type: 'GrantRole'; userId: string; data: Facts<Extract<AccountEvent, { type: 'RoleGranted' }>> };

export type AccountState =
  { status: 'none' } | { status: 'registered'; userId: string; role: Role; twoFactorEnabled: boolean };

export function evolveAccount(state: AccountState, event: AccountEvent): AccountState {
  switch (event.type) {
    case 'AccountRegistered':
      return { status: 'registered', userId: event.data.userId, role: 'customer', twoFactorEnabled: false };
    case 'TwoFactorEnabled':
      return state.status === 'registered' ? { ...state, twoFactorEnabled: true } : state;
    case 'TwoFactorDisabled':
      return state.status === 'registered' ? { ...state, twoFactorEnabled: false } : state;
    case 'RoleGranted':
      return state.status === 'registered' ? { ...state, role: event.data.role } : state;
    default:
      return state;
  }
}

export function decideAccount(command: AccountCommand, state: AccountState): AccountEvent[] {
  const { userId } = command;
  if (command.type === 'RegisterAccount') {
    if (state.status !== 'none') {
      throw new DomainError({
        code: 'account.already_exists',
        message: `Account ${userId} already exists`,
        details: { userId },
      });
    }
    return [{ type: 'AccountRegistered', data: { userId, ...command.data } }];
  }
  if (state.status === 'none') {
    throw new NotFoundError({
      code: 'account.not_found',
      message: `Account ${userId} does not exist`,
      details: { userId },
    });
  }
  switch (command.type) {
    case 'UpdateProfile':
      return [{ type: 'ProfileUpdated', data: { userId, ...command.data } }];
    case 'RecordPasswordChange':
      return [{ type: 'PasswordChanged', data: { userId, ...command.data } }];
    case 'RequestPasswordReset':
      return [{ type: 'PasswordResetRequested', data: { userId, ...command.data } }];
    case 'RecordSignIn':
      return [{ type: 'SignedIn', data: { userId, ...command.data } }];
    case 'RecordSignInFailure':
      return [{ type: 'SignInFailed', data: { userId, ...command.data } }];
    case 'LockAccount':
      return [{ type: 'AccountLocked', data: { userId, ...command.data } }];
    case 'RecordSignOut':
      return [{ type: 'SignedOut', data: { userId, ...command.data } }];
    case 'RecordTokenReuse':
      return [{ type: 'RefreshTokenReuseDetected', data: { userId, ...command.data } }];
    case 'EnableTwoFactor':
      return state.twoFactorEnabled ? [] : [{ type: 'TwoFactorEnabled', data: { userId, ...command.data } }];
    case 'DisableTwoFactor':
      return state.twoFactorEnabled ? [{ type: 'TwoFactorDisabled', data: { userId, ...command.data } }] : [];
    case 'GrantRole':
      return state.role === command.data.role ? [] : [{ type: 'RoleGranted', data: { userId, ...command.data } }];
    default:
      return assertNever(command);
  }
}

export const accountDecider: Decider<AccountCommand, AccountEvent, AccountState> = {
  initialState: () => ({ status: 'none' }),
  evolve: evolveAccount,
  decide: decideAccount,
};
