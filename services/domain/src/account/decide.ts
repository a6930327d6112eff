import { assertNever, type Decider } from '../shared/decider.js';
import { DomainError, NotFoundError } from '../shared/domain-error.js';
import type { AccountEvent } from './events.js';
import { recordedRole, type Role, type StaffRole } from './roles.js';

type Facts<E extends AccountEvent> = Omit<E['data'], 'userId'>;

/**
 * Wrong attempts in a row before a lock, and how long the lock lasts. Sign-in counts its failures
 * per e-mail in the rate limiter (an unknown e-mail has no stream); turning two-factor off counts
 * them here, in the account's own history.
 */
export const FAILURES_BEFORE_LOCK = 5;
export const LOCK_SECONDS = 15 * 60;

/**
 * Account commands mostly record facts the application established (a password verified, a
 * code checked); the decider guards the order of things and makes repeats no-ops.
 */
export type AccountCommand =
  | { type: 'RegisterAccount'; userId: string; data: Facts<Extract<AccountEvent, { type: 'AccountRegistered' }>> }
  | {
      type: 'UpdateProfile';
      userId: string;
      data: Facts<Extract<AccountEvent, { type: 'ProfileUpdated' }>>;
      /** The profile's version the change was made on (a back-office form); refused when it moved since. */
      expectedProfileVersion?: number;
    }
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
  | {
      type: 'DisableTwoFactor';
      userId: string;
      /** `codeAccepted`: the code from the app or a recovery code was right (the application checked it). */
      data: { codeAccepted: boolean; device: string; location: string; at: string };
    }
  | { type: 'RevokeSession'; userId: string; data: Facts<Extract<AccountEvent, { type: 'SessionRevoked' }>> }
  | { type: 'GrantRole'; userId: string; data: { role: StaffRole; grantedBy: string; at: string } }
  | {
      type: 'RevokeRole';
      userId: string;
      /**
       * `otherOwners`: how many other accounts hold `owner`, as the application counted them while
       * holding the lock every revocation takes (the rule spans streams; docs/adr/0027-staff-roles.md).
       */
      data: { role: StaffRole; revokedBy: string; at: string; otherOwners: number };
    }
  | {
      type: 'ChangeEmail';
      userId: string;
      data: Facts<Extract<AccountEvent, { type: 'EmailChanged' }>>;
      expectedProfileVersion?: number;
    }
  | { type: 'ErasePersonalData'; userId: string; data: Facts<Extract<AccountEvent, { type: 'PersonalDataErased' }>> };

export type AccountState =
  | { status: 'none' }
  | {
      status: 'registered';
      userId: string;
      /** The staff roles held, in the order granted (every account is also a customer). */
      staffRoles: StaffRole[];
      twoFactorEnabled: boolean;
      /** When each wrong code to turn two-factor off was given, since the last lock or change. */
      twoFactorDisableFailures: string[];
      twoFactorDisableLockedUntil: string | null;
      /** The person was erased: nothing more happens to this account. */
      erased?: boolean;
      /** 1 at registration, one more at each change of e-mail or name: what a stale form is told from. */
      profileVersion?: number;
    };

export function evolveAccount(state: AccountState, event: AccountEvent): AccountState {
  switch (event.type) {
    case 'AccountRegistered':
      return {
        status: 'registered',
        userId: event.data.userId,
        staffRoles: [],
        twoFactorEnabled: false,
        twoFactorDisableFailures: [],
        twoFactorDisableLockedUntil: null,
        profileVersion: 1,
      };
    case 'ProfileUpdated':
    case 'EmailChanged':
      return state.status === 'registered' ? { ...state, profileVersion: (state.profileVersion ?? 1) + 1 } : state;
    case 'TwoFactorEnabled':
    case 'TwoFactorDisabled':
      return state.status === 'registered'
        ? {
            ...state,
            twoFactorEnabled: event.type === 'TwoFactorEnabled',
            twoFactorDisableFailures: [],
            twoFactorDisableLockedUntil: null,
          }
        : state;
    case 'TwoFactorDisableFailed':
      return state.status === 'registered' && event.data.reason === 'bad_code'
        ? { ...state, twoFactorDisableFailures: [...state.twoFactorDisableFailures, event.data.at] }
        : state;
    case 'TwoFactorDisableLocked':
      return state.status === 'registered'
        ? { ...state, twoFactorDisableFailures: [], twoFactorDisableLockedUntil: event.data.until }
        : state;
    case 'RoleGranted': {
      const role = recordedRole(event.data.role);
      return state.status === 'registered' && role && !state.staffRoles.includes(role)
        ? { ...state, staffRoles: [...state.staffRoles, role] }
        : state;
    }
    case 'RoleRevoked':
      return state.status === 'registered'
        ? { ...state, staffRoles: state.staffRoles.filter((role) => role !== event.data.role) }
        : state;
    case 'PersonalDataErased':
      return state.status === 'registered' ? { ...state, erased: true } : state;
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
  if (state.erased) {
    if (command.type === 'ErasePersonalData') return [];
    throw new DomainError({
      code: 'account.erased',
      message: `Account ${userId} was erased`,
      details: { userId },
    });
  }
  if (
    (command.type === 'UpdateProfile' || command.type === 'ChangeEmail') &&
    command.expectedProfileVersion !== undefined &&
    command.expectedProfileVersion !== (state.profileVersion ?? 1)
  ) {
    throw new DomainError({
      code: 'account.changed_meanwhile',
      message: 'This account was changed meanwhile: reload it and make the change again',
      details: { userId, expected: command.expectedProfileVersion, current: state.profileVersion ?? 1 },
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
      return decideTwoFactorDisable(command.data, state);
    case 'RevokeSession':
      return [{ type: 'SessionRevoked', data: { userId, ...command.data } }];
    case 'GrantRole':
      return state.staffRoles.includes(command.data.role)
        ? []
        : [{ type: 'RoleGranted', data: { userId, ...command.data } }];
    case 'RevokeRole': {
      const { role, revokedBy, at, otherOwners } = command.data;
      if (!state.staffRoles.includes(role)) return [];
      if (role === 'owner' && otherOwners < 1) {
        throw new DomainError({
          code: 'role.last_owner',
          message: 'The last owner keeps the role: grant it to someone else first',
          details: { userId },
        });
      }
      return [{ type: 'RoleRevoked', data: { userId, role, revokedBy, at } }];
    }
    case 'ChangeEmail':
      return [{ type: 'EmailChanged', data: { userId, ...command.data } }];
    case 'ErasePersonalData':
      return [{ type: 'PersonalDataErased', data: { userId, ...command.data } }];
    default:
      return assertNever(command);
  }
}

type Registered = Extract<AccountState, { status: 'registered' }>;

/** Every role an account holds: `customer`, then its staff roles. */
export const rolesOf = (state: AccountState): Role[] =>
  state.status === 'registered' ? ['customer', ...state.staffRoles] : ['customer'];

/** Until when attempts to turn two-factor off are refused at `at`, or null when they are not. */
export function twoFactorDisableLockedUntil(state: AccountState, at: string): string | null {
  if (state.status !== 'registered' || !state.twoFactorDisableLockedUntil) return null;
  return Date.parse(at) < Date.parse(state.twoFactorDisableLockedUntil) ? state.twoFactorDisableLockedUntil : null;
}

/**
 * Turning two-factor off is locked like sign-in: the fifth wrong code within the lock's length
 * locks it for that length, and meanwhile even a right code is refused. Every attempt is recorded.
 */
function decideTwoFactorDisable(
  attempt: Extract<AccountCommand, { type: 'DisableTwoFactor' }>['data'],
  state: Registered,
): AccountEvent[] {
  const { userId } = state;
  const { codeAccepted, device, location, at } = attempt;
  if (!state.twoFactorEnabled) return [];
  const failed = (reason: 'bad_code' | 'locked'): AccountEvent => ({
    type: 'TwoFactorDisableFailed',
    data: { userId, reason, device, location, at },
  });
  if (twoFactorDisableLockedUntil(state, at)) return [failed('locked')];
  if (codeAccepted) return [{ type: 'TwoFactorDisabled', data: { userId, at } }];
  const now = Date.parse(at);
  const failures =
    state.twoFactorDisableFailures.filter((failedAt) => now - Date.parse(failedAt) < LOCK_SECONDS * 1000).length + 1;
  if (failures < FAILURES_BEFORE_LOCK) return [failed('bad_code')];
  return [
    failed('bad_code'),
    {
      type: 'TwoFactorDisableLocked',
      data: { userId, until: new Date(now + LOCK_SECONDS * 1000).toISOString(), failedAttempts: failures, at },
    },
  ];
}

export const accountDecider: Decider<AccountCommand, AccountEvent, AccountState> = {
  initialState: () => ({ status: 'none' }),
  evolve: evolveAccount,
  decide: decideAccount,
};
