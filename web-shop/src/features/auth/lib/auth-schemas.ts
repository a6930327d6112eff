import * as yup from 'yup';

/** Minimum password length (seeds §9), the same as the API's. */
export const PASSWORD_MIN_LENGTH = 6;

// Messages are namespaced keys (`auth:…`), translated when shown, so a language switch re-labels them.
export const signInSchema = yup.object({
  email: yup.string().trim().required('auth:validation.emailRequired').email('auth:validation.emailInvalid'),
  password: yup.string().required('auth:validation.passwordRequired'),
});

export const signUpSchema = yup.object({
  fullName: yup.string().trim().max(100, 'auth:validation.fullNameMax'),
  email: yup.string().trim().required('auth:validation.emailRequired').email('auth:validation.emailInvalid'),
  password: yup
    .string()
    .required('auth:validation.passwordRequired')
    .min(PASSWORD_MIN_LENGTH, 'auth:validation.passwordMin'),
  confirmPassword: yup
    .string()
    .required('auth:validation.confirmRequired')
    .oneOf([yup.ref('password')], 'auth:validation.passwordsMismatch'),
});

export const totpSchema = yup.object({
  totpCode: yup
    .string()
    .trim()
    .required('auth:validation.totpRequired')
    .matches(/^\d{6}$/, 'auth:validation.totpFormat'),
});

export const passwordResetRequestSchema = yup.object({
  email: yup.string().trim().required('auth:validation.emailRequired').email('auth:validation.emailInvalid'),
});

export const passwordResetSchema = yup.object({
  password: yup
    .string()
    .required('auth:validation.passwordRequired')
    .min(PASSWORD_MIN_LENGTH, 'auth:validation.passwordMin'),
  confirmPassword: yup
    .string()
    .required('auth:validation.confirmRequired')
    .oneOf([yup.ref('password')], 'auth:validation.passwordsMismatch'),
});
