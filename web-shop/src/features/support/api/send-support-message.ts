import { useCallback } from 'react';
import * as yup from 'yup';
import { apiPost } from '../../../lib/api-client';
import { compactBody } from '../../../lib/compact-body';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';

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
export function sendSupportMessage(input: SupportMessageInput, idempotencyKey: string): Promise<SupportMessageReceipt> {
  return apiPost<SupportMessageReceipt>('/api/support/messages', input, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** Sends a message; resending the same one after a failure reuses its key, so it is stored once. */
export function useSendSupportMessage(): (input: SupportMessageInput) => Promise<SupportMessageReceipt> {
  const { keyFor, reset } = useIdempotencyKey();
  return useCallback(
    async (input) => {
      const body = compactBody(input) as SupportMessageInput;
      const receipt = await sendSupportMessage(body, keyFor(body));
      reset();
      return receipt;
    },
    [keyFor, reset],
  );
}
