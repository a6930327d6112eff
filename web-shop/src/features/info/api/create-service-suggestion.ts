import { useCallback } from 'react';
import * as yup from 'yup';
import { apiPost } from '../../../lib/api-client';
import { compactBody } from '../../../lib/compact-body';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
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
export function createServiceSuggestion(
  input: ServiceSuggestionInput,
  idempotencyKey: string,
): Promise<RequestReceipt> {
  return apiPost<RequestReceipt>('/api/service-suggestions', input, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** Sends a suggestion; sending the same one again after a failure reuses its key, so it is stored once. */
export function useCreateServiceSuggestion(): (input: ServiceSuggestionInput) => Promise<RequestReceipt> {
  const { keyFor, reset } = useIdempotencyKey();
  return useCallback(
    async (input) => {
      const body = compactBody(input) as ServiceSuggestionInput;
      const receipt = await createServiceSuggestion(body, keyFor(body));
      reset();
      return receipt;
    },
    [keyFor, reset],
  );
}
