import * as yup from 'yup';

/** Seeds §9 and the API: at least 6 characters. */
export const PASSWORD_MIN_LENGTH = 6;

// Messages are namespaced keys (`account:…`), translated by FormTextField when shown.
export const passwordChangeSchema = yup.object({
  currentPassword: yup.string().required('account:validation.currentRequired'),
  newPassword: yup
    .string()
    .required('account:validation.passwordRequired')
    .min(PASSWORD_MIN_LENGTH, 'account:validation.passwordMin'),
  confirmPassword: yup
    .string()
    .required('account:validation.confirmRequired')
    .oneOf([yup.ref('newPassword')], 'account:validation.passwordsMismatch'),
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
