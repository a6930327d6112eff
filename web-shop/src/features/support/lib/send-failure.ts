import { ApiError } from '../../../lib/api-client';

/** The toast text for a message the API did not take. */
export function sendFailureKey(error: unknown): 'toast.rateLimited' | 'toast.sendError' {
  return error instanceof ApiError && error.status === 429 ? 'toast.rateLimited' : 'toast.sendError';
}
