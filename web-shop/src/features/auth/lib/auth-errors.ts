import { ApiError } from '../../../lib/api-client';

/** The `auth` namespace keys a failed sign-in or sign-up is shown with. */
export type AuthErrorKey =
  | 'errors.invalidCredentials'
  | 'errors.emailTaken'
  | 'errors.passwordTooCommon'
  | 'errors.invalidSecondFactor'
  | 'errors.secondFactorExpired'
  | 'errors.accountLocked'
  | 'errors.tooManyRequests'
  | 'errors.invalidInput'
  | 'errors.network'
  | 'errors.unexpected';

const BY_CODE: Record<string, AuthErrorKey> = {
  'auth.invalid_credentials': 'errors.invalidCredentials',
  'auth.email_taken': 'errors.emailTaken',
  'auth.password_too_common': 'errors.passwordTooCommon',
  'auth.invalid_second_factor': 'errors.invalidSecondFactor',
  'auth.second_factor_expired': 'errors.secondFactorExpired',
  'auth.account_locked': 'errors.accountLocked',
  'validation.failed': 'errors.invalidInput',
  'network.unreachable': 'errors.network',
};

/** Maps the API's stable problem codes to the seeds' texts; anything else is "unexpected". */
export function authErrorKey(error: unknown): AuthErrorKey {
  if (!(error instanceof ApiError)) return 'errors.unexpected';
  return BY_CODE[error.code] ?? (error.status === 429 ? 'errors.tooManyRequests' : 'errors.unexpected');
}
