import { INQUIRY_LIMITS, SUPPORT_CATEGORIES, type InquiryReceived, type SupportMessageRequest } from '@shop/contracts';
import * as yup from 'yup';
import { useIdempotentPost } from '../../../lib/use-idempotent-post';

export { SUPPORT_CATEGORIES };
export type { SupportCategory } from '@shop/contracts';

const L = INQUIRY_LIMITS;

// The API's limits, so a refusal is explained before anything is sent.
const email = yup
  .string()
  .trim()
  .required('support:validation.required')
  .email('support:validation.emailInvalid')
  .max(L.email.max, 'support:validation.emailMax');
/** The subject or the message: required, between the API's least and most characters once trimmed. */
const text = (field: 'subject' | 'message') =>
  yup
    .string()
    .trim()
    .required('support:validation.required')
    .min(L[field].min, `support:validation.${field}Min`)
    .max(L[field].max, `support:validation.${field}Max`);
const subject = text('subject');
const message = text('message');

/** The support page's form: the customer picks the category. */
export const supportMessageSchema = yup.object({
  email,
  category: yup
    .string()
    .required('support:validation.required')
    .oneOf([...SUPPORT_CATEGORIES], 'support:validation.categoryInvalid'),
  subject,
  message,
});

/** The contact page's form: a name instead of a category (sent as `other`). */
export const contactMessageSchema = yup.object({
  name: yup.string().trim().required('support:validation.required').max(L.name.max, 'support:validation.nameMax'),
  email,
  subject,
  message,
});

/**
 * `POST /api/support/messages`: stores the message for the support team (201 `{ id, status }`).
 * Fails with `validation.failed` (400, listing the refused fields) or `rate_limited` (429).
 */
export function useSendSupportMessage(): (input: SupportMessageRequest) => Promise<InquiryReceived> {
  return useIdempotentPost<SupportMessageRequest, InquiryReceived>('/api/support/messages');
}
