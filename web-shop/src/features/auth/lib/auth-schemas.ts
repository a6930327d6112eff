import { showsSomething } from '@shop/contracts';
import * as yup from 'yup';
import { newPasswordFields } from '../../../lib/new-password-schema';
import { APP_OR_RECOVERY_CODE, secondFactorCode } from '../../../lib/second-factor-schema';

// Messages are namespaced keys (`auth:…`), translated when shown, so a language switch re-labels them.
const email = yup.string().trim().required('auth:validation.emailRequired').email('auth:validation.emailInvalid');

export const signInSchema = yup.object({
  email,
  password: yup.string().required('auth:validation.passwordRequired'),
});

export const signUpSchema = yup.object({
  fullName: yup
    .string()
    .trim()
    .max(100, 'auth:validation.fullNameMax')
    .test('shows-something', 'auth:validation.fullNameBlank', (value) => !value || showsSomething(value)),
  email,
  ...newPasswordFields('password', 'auth'),
});

export const totpSchema = yup.object({
  totpCode: secondFactorCode(APP_OR_RECOVERY_CODE, 'auth:validation.totpRequired', 'auth:validation.totpFormat'),
});

export const passwordResetRequestSchema = yup.object({
  email,
});

export const passwordResetSchema = yup.object(newPasswordFields('password', 'auth'));
