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
};

export function securityActionKey(action: string): SecurityActionKey {
  return (
    BY_ACTION[action] ??
    (action.startsWith('sign_in_failed') ? 'activity.actions.signInFailed' : 'activity.actions.other')
  );
}
