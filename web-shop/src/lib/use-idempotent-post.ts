import { useCallback } from 'react';
import { apiPost } from './api-client';
import { compactBody } from './compact-body';
import { useIdempotencyKey } from './use-idempotency-key';

/**
 * A form's `POST` to `path`: the values sent as a compact body with an `Idempotency-Key`. Sending the
 * same body again after a failure reuses its key, so the server stores it once; a success starts afresh.
 */
export function useIdempotentPost<Input extends object, Receipt>(path: string): (input: Input) => Promise<Receipt> {
  const { keyFor, reset } = useIdempotencyKey();
  return useCallback(
    async (input) => {
      const body = compactBody(input);
      const receipt = await apiPost<Receipt>(path, body, { headers: { 'Idempotency-Key': keyFor(body) } });
      reset();
      return receipt;
    },
    [path, keyFor, reset],
  );
}
