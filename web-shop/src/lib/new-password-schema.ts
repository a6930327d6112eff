import { PASSWORD_MIN_LENGTH } from '@shop/contracts';
import * as yup from 'yup';

/**
 * A new password under `name` and its `confirmPassword`, to spread into a `yup.object`. The messages
 * are the keys `passwordRequired`, `passwordMin`, `confirmRequired` and `passwordsMismatch` under
 * `<namespace>:validation`, translated when shown, so each screen keeps its own wording.
 */
export function newPasswordFields<Name extends string>(name: Name, namespace: string) {
  const password = yup
    .string()
    .required(`${namespace}:validation.passwordRequired`)
    .min(PASSWORD_MIN_LENGTH, `${namespace}:validation.passwordMin`);
  const confirmPassword = yup
    .string()
    .required(`${namespace}:validation.confirmRequired`)
    .oneOf([yup.ref(name)], `${namespace}:validation.passwordsMismatch`);
  return { [name]: password, confirmPassword } as Record<Name, typeof password> & {
    confirmPassword: typeof confirmPassword;
  };
}
