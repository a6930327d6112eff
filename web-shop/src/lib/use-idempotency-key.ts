import { useCallback, useRef } from 'react';

/** A version-4 UUID, e.g. a new `Idempotency-Key` for each attempt. */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only in secure contexts; a plain-HTTP preview still gets a version-4 UUID.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The `Idempotency-Key` of a form: the same key while the same body is sent again (a retry after a
 * network failure is then recorded once), a new one as soon as the body changes or after `reset`.
 */
export function useIdempotencyKey(): { keyFor: (body: unknown) => string; reset: () => void } {
  const current = useRef<{ key: string; body: string } | null>(null);
  const keyFor = useCallback((body: unknown) => {
    const serialised = JSON.stringify(body);
    if (current.current?.body !== serialised) current.current = { key: randomUuid(), body: serialised };
    return current.current.key;
  }, []);
  const reset = useCallback(() => {
    current.current = null;
  }, []);
  return { keyFor, reset };
}
