import * as yup from 'yup';

/** Six digits from the authenticator app. */
export const APP_CODE = /^\d{6}$/;
/** Six digits from the app, or one of the recovery codes shown at set-up (`abcde-12345`, the dash optional). */
export const APP_OR_RECOVERY_CODE = /^(\d{6}|[0-9a-f]{5}-?[0-9a-f]{5})$/i;

/**
 * A second-factor code, trimmed, that matches `pattern`; the messages (`required`, then `format`) are
 * namespaced keys (`auth:…`, `account:…`), translated when shown.
 */
export const secondFactorCode = (pattern: RegExp, required: string, format: string) =>
  yup.string().trim().required(required).matches(pattern, format);
