import { INQUIRY_LIMITS, type ServiceSuggestionRequest } from '@shop/contracts';
import * as yup from 'yup';
import { useIdempotentPost } from '../../../lib/use-idempotent-post';
import { optionalEmail } from '../lib/request-fields';
import type { RequestReceipt } from '../types';

export const serviceSuggestionSchema = yup.object({
  suggestion: yup
    .string()
    .trim()
    .required('info:validation.required')
    .min(INQUIRY_LIMITS.suggestion.min, 'info:validation.suggestionMin')
    .max(INQUIRY_LIMITS.suggestion.max, 'info:validation.suggestionMax'),
  email: optionalEmail(),
});

/**
 * `POST /api/service-suggestions` (201 `{ id, status }`).
 * Fails with `validation.failed` (400, listing the refused fields) or `rate_limited` (429).
 */
export function useCreateServiceSuggestion(): (input: ServiceSuggestionRequest) => Promise<RequestReceipt> {
  return useIdempotentPost<ServiceSuggestionRequest, RequestReceipt>('/api/service-suggestions');
}
