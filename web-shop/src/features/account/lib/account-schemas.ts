import * as yup from 'yup';
import { newPasswordFields } from '../../../lib/new-password-schema';
import { APP_CODE, APP_OR_RECOVERY_CODE, secondFactorCode } from '../../../lib/second-factor-schema';

// Messages are namespaced keys (`account:…`), translated by FormTextField when shown.
export const passwordChangeSchema = yup.object({
  currentPassword: yup.string().required('account:validation.currentRequired'),
  ...newPasswordFields('newPassword', 'account'),
});

export const twoFactorCodeSchema = yup.object({
  code: secondFactorCode(APP_CODE, 'account:validation.codeRequired', 'account:validation.codeFormat'),
});

/** Turning two-factor off also takes a recovery code. */
export const twoFactorDisableSchema = yup.object({
  code: secondFactorCode(
    APP_OR_RECOVERY_CODE,
    'account:validation.codeRequired',
    'account:validation.disableCodeFormat',
  ),
});
