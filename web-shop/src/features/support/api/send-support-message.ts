import * as yup from 'yup';
import { useIdempotentPost } from '../../../lib/use-idempotent-post';

export const SUPPORT_CATEGORIES = ['subscriptions', 'payment', 'account', 'technical', 'security', 'other'] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];

export interface SupportMessageInput {
  email: string;
  category: SupportCategory;
  subject: string;
  message: string;
  name?: string;
}

export interface SupportMessageReceipt {
  id: string;
  status: string;
}

// The API's limits, so a refusal is explained before anything is sent.
const email = yup
  .string()
  .trim()
  .required('support:validation.required')
  .email('support:validation.emailInvalid')
  .max(254, 'support:validation.emailMax');
const subject = yup
  .string()
  .trim()
  .required('support:validation.required')
  .min(3, 'support:validation.subjectMin')
  .max(150, 'support:validation.subjectMax');
const message = yup
  .string()
  .trim()
  .required('support:validation.required')
  .min(10, 'support:validation.messageMin')
  .max(5000, 'support:validation.messageMax');

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
  name: yup.string().trim().required('support:validation.required').max(100, 'support:validation.nameMax'),
  email,
  subject,
  message,
});

/**
 * `POST /api/support/messages`: stores the message for the support team (201 `{ id, status }`).
 * Fails with `validation.failed` (400, listing the refused fields) or `rate_limited` (429).
 */
export function useSendSupportMessage(): (input: SupportMessageInput) => Promise<SupportMessageReceipt> {
  return useIdempotentPost<SupportMessageInput, SupportMessageReceipt>('/api/support/messages');
}
