import * as yup from 'yup';
import { newPasswordFields } from '../../../lib/new-password-schema';

// Messages are namespaced keys (`account:…`), translated by FormTextField when shown.
export const passwordChangeSchema = yup.object({
  currentPassword: yup.string().required('account:validation.currentRequired'),
  ...newPasswordFields('newPassword', 'account'),
});

export const twoFactorCodeSchema = yup.object({
  code: yup
    .string()
    .trim()
    .required('account:validation.codeRequired')
    .matches(/^\d{6}$/, 'account:validation.codeFormat'),
});

/** Turning two-factor off also takes a recovery code (`abcde-12345`). */
export const twoFactorDisableSchema = yup.object({
  code: yup
    .string()
    .trim()
    .required('account:validation.codeRequired')
    .matches(/^(\d{6}|[0-9a-f]{5}-?[0-9a-f]{5})$/i, 'account:validation.disableCodeFormat'),
});
