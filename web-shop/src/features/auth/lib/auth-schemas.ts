import * as yup from 'yup';

/** Minimum password length (seeds §9), the same as the API's. */
export const PASSWORD_MIN_LENGTH = 6;

// Messages are `auth` namespace keys, translated when shown, so a language switch re-labels them.
export const signInSchema = yup.object({
  email: yup.string().trim().required('validation.emailRequired').email('validation.emailInvalid'),
  password: yup.string().required('validation.passwordRequired'),
});

export const signUpSchema = yup.object({
  fullName: yup.string().trim().max(100, 'validation.fullNameMax'),
  email: yup.string().trim().required('validation.emailRequired').email('validation.emailInvalid'),
  password: yup.string().required('validation.passwordRequired').min(PASSWORD_MIN_LENGTH, 'validation.passwordMin'),
  confirmPassword: yup
    .string()
    .required('validation.confirmRequired')
    .oneOf([yup.ref('password')], 'validation.passwordsMismatch'),
});

export const totpSchema = yup.object({
  totpCode: yup
    .string()
    .trim()
    .required('validation.totpRequired')
    .matches(/^\d{6}$/, 'validation.totpFormat'),
});

export type ValidationKey =
  | 'validation.emailRequired'
  | 'validation.emailInvalid'
  | 'validation.passwordRequired'
  | 'validation.passwordMin'
  | 'validation.confirmRequired'
  | 'validation.passwordsMismatch'
  | 'validation.fullNameMax'
  | 'validation.totpRequired'
  | 'validation.totpFormat';
