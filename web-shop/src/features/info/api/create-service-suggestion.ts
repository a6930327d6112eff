import * as yup from 'yup';
import { useIdempotentPost } from '../../../lib/use-idempotent-post';
import { optionalEmail } from '../lib/request-fields';
import type { RequestReceipt } from '../types';

export interface ServiceSuggestionInput {
  suggestion: string;
  email?: string;
}

export const serviceSuggestionSchema = yup.object({
  suggestion: yup
    .string()
    .trim()
    .required('info:validation.required')
    .min(3, 'info:validation.suggestionMin')
    .max(1000, 'info:validation.suggestionMax'),
  email: optionalEmail(),
});

/**
 * `POST /api/service-suggestions` (201 `{ id, status }`).
 * Fails with `validation.failed` (400, listing the refused fields) or `rate_limited` (429).
 */
export function useCreateServiceSuggestion(): (input: ServiceSuggestionInput) => Promise<RequestReceipt> {
  return useIdempotentPost<ServiceSuggestionInput, RequestReceipt>('/api/service-suggestions');
}
