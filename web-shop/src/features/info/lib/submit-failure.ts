import { ApiError } from '../../../lib/api-client';

/** The toast text for a request the API did not take. */
export function submitFailureKey(error: unknown): 'toast.rateLimited' | 'toast.submitError' {
  return error instanceof ApiError && error.status === 429 ? 'toast.rateLimited' : 'toast.submitError';
}
