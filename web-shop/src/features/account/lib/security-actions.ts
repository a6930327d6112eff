import type { TFunction } from 'i18next';

/** The security events the account projection records, as `account` namespace keys. */
export type SecurityActionKey =
  | 'activity.actions.signIn'
  | 'activity.actions.signInNewDevice'
  | 'activity.actions.signInFailed'
  | 'activity.actions.signInFailedSecondFactor'
  | 'activity.actions.signInLocked'
  | 'activity.actions.accountLocked'
  | 'activity.actions.passwordChanged'
  | 'activity.actions.passwordReset'
  | 'activity.actions.twoFactorEnabled'
  | 'activity.actions.twoFactorDisabled'
  | 'activity.actions.sessionTokenReused'
  | 'activity.actions.twoFactorDisableFailed'
  | 'activity.actions.twoFactorDisableRefused'
  | 'activity.actions.twoFactorDisableLocked'
  | 'activity.actions.sessionRevoked'
  | 'activity.actions.other';

const BY_ACTION: Record<string, SecurityActionKey> = {
  sign_in: 'activity.actions.signIn',
  sign_in_new_device: 'activity.actions.signInNewDevice',
  'sign_in_failed:bad_password': 'activity.actions.signInFailed',
  'sign_in_failed:bad_second_factor': 'activity.actions.signInFailedSecondFactor',
  'sign_in_failed:locked': 'activity.actions.signInLocked',
  account_locked: 'activity.actions.accountLocked',
  password_changed: 'activity.actions.passwordChanged',
  password_reset: 'activity.actions.passwordReset',
  two_factor_enabled: 'activity.actions.twoFactorEnabled',
  two_factor_disabled: 'activity.actions.twoFactorDisabled',
  session_token_reused: 'activity.actions.sessionTokenReused',
  'two_factor_disable_failed:bad_code': 'activity.actions.twoFactorDisableFailed',
  'two_factor_disable_failed:locked': 'activity.actions.twoFactorDisableRefused',
  two_factor_disable_locked: 'activity.actions.twoFactorDisableLocked',
  session_revoked: 'activity.actions.sessionRevoked',
};

export function securityActionKey(action: string): SecurityActionKey {
  return (
    BY_ACTION[action] ??
    (action.startsWith('sign_in_failed') ? 'activity.actions.signInFailed' : 'activity.actions.other')
  );
}

/** The server describes devices as "Chrome on Linux", with "Unknown browser" / "unknown system" for the unrecognised. */
const DEVICE = /^(.+) on (.+)$/;

type Translate = TFunction<'account'>;

/** "Chrome sur Linux" in French; descriptions of another shape are shown as they come. */
export function describeDevice(device: string, t: Translate): string {
  const match = DEVICE.exec(device);
  if (!match) return device;
  const browser = match[1] === 'Unknown browser' ? t('activity.unknownBrowser') : match[1];
  const system = match[2] === 'unknown system' ? t('activity.unknownSystem') : match[2];
  return t('activity.device', { browser, system });
}

/** The server's "Local network" and "Unknown" are words; countries and masked addresses are not. */
export function describeLocation(location: string, t: Translate): string {
  if (location === 'Local network') return t('activity.localNetwork');
  if (location === 'Unknown') return t('activity.unknownLocation');
  return location;
}
