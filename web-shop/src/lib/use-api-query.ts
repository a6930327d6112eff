import { useEffect, useState } from 'react';

export type QueryState<T> =
  | { status: 'loading'; data: undefined; error: undefined }
  | { status: 'success'; data: T; error: undefined }
  | { status: 'error'; data: undefined; error: Error };

// Answers already received, so going back to a screen shows it at once; refreshed on every visit.
const cache = new Map<string, unknown>();

/** Runs `fetcher` whenever `key` changes and aborts the previous request. */
export function useApiQuery<T>(key: string, fetcher: (signal: AbortSignal) => Promise<T>): QueryState<T> {
  const [state, setState] = useState<{ key: string; result: QueryState<T> }>(() => ({ key, result: fromCache(key) }));

  useEffect(() => {
    const controller = new AbortController();
    fetcher(controller.signal).then(
      (data) => {
        cache.set(key, data);
        setState({ key, result: { status: 'success', data, error: undefined } });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const failure = error instanceof Error ? error : new Error(String(error));
        setState({ key, result: { status: 'error', data: undefined, error: failure } });
      },
    );
    return () => controller.abort();
    // The key identifies the request; the fetcher is a new closure on every render.
  }, [key]);

  return state.key === key ? state.result : fromCache(key);
}

function fromCache<T>(key: string): QueryState<T> {
  return cache.has(key)
    ? { status: 'success', data: cache.get(key) as T, error: undefined }
    : { status: 'loading', data: undefined, error: undefined };
}
