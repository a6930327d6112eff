import { useCallback } from 'react';
import { apiPost } from './api-client';
import { compactBody } from './compact-body';
import { useIdempotencyKey } from './use-idempotency-key';
import { useLanguage } from './use-language';

/**
 * A form's `POST` to `path`: the values sent as a compact body with an `Idempotency-Key`. Sending the
 * same body again after a failure reuses its key, so the server stores it once; a success starts afresh.
 * `?lang=` tells the server the language the shop shows, which the browser's Accept-Language may not be.
 */
export function useIdempotentPost<Input extends object, Receipt>(path: string): (input: Input) => Promise<Receipt> {
  const { keyFor, reset } = useIdempotencyKey();
  const language = useLanguage();
  return useCallback(
    async (input) => {
      const body = compactBody(input);
      const receipt = await apiPost<Receipt>(path, body, {
        query: { lang: language },
        headers: { 'Idempotency-Key': keyFor(body) },
      });
      reset();
      return receipt;
    },
    [path, language, keyFor, reset],
  );
}
