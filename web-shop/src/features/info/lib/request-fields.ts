import { INQUIRY_LIMITS } from '@shop/contracts';
import * as yup from 'yup';

// The API's limits for the request forms, so a refusal is explained before anything is sent.
const L = INQUIRY_LIMITS;

/** A required name of 1 to 100 characters once trimmed. */
export const requiredName = () =>
  yup.string().trim().required('info:validation.required').max(L.name.max, 'info:validation.nameMax');

export const optionalEmail = () =>
  yup.string().trim().email('info:validation.emailInvalid').max(L.email.max, 'info:validation.emailMax');

export const requiredEmail = () => optionalEmail().required('info:validation.required');

/** Digits, spaces and + ( ) - . only, 30 characters at most; may be left empty. */
export const optionalPhone = () =>
  yup
    .string()
    .trim()
    .max(L.phone.max, 'info:validation.phoneInvalid')
    .matches(/^[\d\s+().-]*$/, 'info:validation.phoneInvalid');

/** An http(s) address of 200 characters at most; may be left empty. */
export const optionalWebsite = () =>
  yup
    .string()
    .trim()
    .max(L.website.max, 'info:validation.websiteMax')
    .test('http-url', 'info:validation.websiteInvalid', (value) => !value || isHttpUrl(value));

/** A required free text of 10 characters or more, at most 2000 or 5000. */
export const longText = (limits: { min: 10; max: 2000 | 5000 }) =>
  yup
    .string()
    .trim()
    .required('info:validation.required')
    .min(limits.min, 'info:validation.textMin')
    .max(limits.max, limits.max === 2000 ? 'info:validation.textMax2000' : 'info:validation.textMax5000');

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}
