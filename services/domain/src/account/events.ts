import type { DomainEvent } from '../shared/decider.js';
import type { StaffRole } from './roles.js';

export const accountStreamId = (userId: string) => `account-${userId}`;

/**
 * Personal data (e-mail, name, device, location) is sealed with the person's own key before
 * it enters the log, so destroying the key erases it everywhere. Secrets (password hashes,
 * TOTP secrets, tokens) never enter the log at all: events only say that they changed.
 */
type Sealed = string;

export type AccountRegistered = DomainEvent<
  'AccountRegistered',
  {
    userId: string;
    email: Sealed;
    fullName: Sealed;
    /** `operator`: created from the back-office; the person chooses a password from a mailed link. */
    method: 'password' | 'oidc' | 'operator';
    provider: string | null;
    registeredAt: string;
  }
>;
export type ProfileUpdated = DomainEvent<'ProfileUpdated', { userId: string; fullName: Sealed; updatedAt: string }>;
export type PasswordChanged = DomainEvent<
  'PasswordChanged',
  { userId: string; via: 'change' | 'reset'; changedAt: string }
>;
/**
 * A link to choose a password was asked for: by the person (a reset), or, with `purpose: 'welcome'`,
 * for an account the operator opened for them (absent from requests recorded before it existed).
 */
export type PasswordResetRequested = DomainEvent<
  'PasswordResetRequested',
  { userId: string; requestedAt: string; purpose?: 'welcome' }
>;
export type SignedIn = DomainEvent<
  'SignedIn',
  {
    userId: string;
    sessionId: string;
    method: 'password' | 'oidc';
    device: Sealed;
    location: Sealed;
    newDevice: boolean;
    at: string;
  }
>;
export type SignInFailed = DomainEvent<
  'SignInFailed',
  {
    userId: string;
    reason: 'bad_password' | 'bad_second_factor' | 'locked';
    device: Sealed;
    location: Sealed;
    at: string;
  }
>;
export type AccountLocked = DomainEvent<
  'AccountLocked',
  { userId: string; until: string; failedAttempts: number; at: string }
>;
export type SignedOut = DomainEvent<
  'SignedOut',
  { userId: string; sessionId: string; scope: 'local' | 'global'; at: string }
>;
export type RefreshTokenReuseDetected = DomainEvent<
  'RefreshTokenReuseDetected',
  { userId: string; sessionId: string; at: string }
>;
export type TwoFactorEnabled = DomainEvent<'TwoFactorEnabled', { userId: string; at: string }>;
export type TwoFactorDisabled = DomainEvent<'TwoFactorDisabled', { userId: string; at: string }>;
/** A signed-in attempt to turn two-factor off with a wrong code, or while such attempts are locked. */
export type TwoFactorDisableFailed = DomainEvent<
  'TwoFactorDisableFailed',
  { userId: string; reason: 'bad_code' | 'locked'; device: Sealed; location: Sealed; at: string }
>;
export type TwoFactorDisableLocked = DomainEvent<
  'TwoFactorDisableLocked',
  { userId: string; until: string; failedAttempts: number; at: string }
>;
/** The owner ended one of their sessions (another device, usually) from the list of sessions. */
export type SessionRevoked = DomainEvent<
  'SessionRevoked',
  { userId: string; sessionId: string; device: Sealed; at: string }
>;
/**
 * A staff role given. `grantedBy`: the operator's user id, `ADMIN_EMAILS` or `shopctl`. Grants
 * recorded before staff roles existed name `admin`, which reads as `owner` (`recordedRole`).
 */
export type RoleGranted = DomainEvent<
  'RoleGranted',
  { userId: string; role: StaffRole | 'admin'; grantedBy: string; at: string }
>;
/** A staff role taken back; `revokedBy` as `grantedBy`. */
export type RoleRevoked = DomainEvent<
  'RoleRevoked',
  { userId: string; role: StaffRole; revokedBy: string; at: string }
>;

/**
 * The sign-in e-mail changed (the operator corrected it); the new one is sealed like the first,
 * and the one it replaces (`previousEmail`, absent from older events), to be told of the change.
 */
export type EmailChanged = DomainEvent<
  'EmailChanged',
  { userId: string; email: Sealed; changedAt: string; previousEmail?: Sealed }
>;
/**
 * The person's key was destroyed (GDPR erasure): every sealed value of theirs in the log is
 * unreadable from now on, and the account can no longer be used. Who erased is the event's actor.
 */
export type PersonalDataErased = DomainEvent<'PersonalDataErased', { userId: string; erasedAt: string }>;

export type AccountEvent =
  | AccountRegistered
  | ProfileUpdated
  | PasswordChanged
  | PasswordResetRequested
  | SignedIn
  | SignInFailed
  | AccountLocked
  | SignedOut
  | RefreshTokenReuseDetected
  | TwoFactorEnabled
  | TwoFactorDisabled
  | TwoFactorDisableFailed
  | TwoFactorDisableLocked
  | SessionRevoked
  | RoleGranted
  | RoleRevoked
  | EmailChanged
  | PersonalDataErased;

export const ACCOUNT_EVENT_TYPES: ReadonlyArray<AccountEvent['type']> = [
  'AccountRegistered',
  'ProfileUpdated',
  'PasswordChanged',
  'PasswordResetRequested',
  'SignedIn',
  'SignInFailed',
  'AccountLocked',
  'SignedOut',
  'RefreshTokenReuseDetected',
  'TwoFactorEnabled',
  'TwoFactorDisabled',
  'TwoFactorDisableFailed',
  'TwoFactorDisableLocked',
  'SessionRevoked',
  'RoleGranted',
  'RoleRevoked',
  'EmailChanged',
  'PersonalDataErased',
];
