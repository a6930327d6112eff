import { DomainError } from '@shop/domain';

/**
 * The errors the application's services throw besides the domain's own. Like a `DomainError` they
 * carry a stable `code` and `details`; the API turns each class into its HTTP status in one place
 * (`api/problem.ts`), so no service knows about HTTP.
 */
interface AppErrorOptions {
  code: string;
  message: string;
  details?: Record<string, unknown>;
  cause?: unknown;
}

/** The caller is not who they claim (bad credentials, an expired or reused token). */
export class AuthenticationError extends DomainError {
  constructor(options: AppErrorOptions) {
    super(options);
    this.name = 'AuthenticationError';
  }
}

/** The caller is known, and may do this to others but not to this one (a staff member's account). */
export class ForbiddenError extends DomainError {
  constructor(options: AppErrorOptions) {
    super(options);
    this.name = 'ForbiddenError';
  }
}

/** A value the caller sent cannot be accepted as it is (a wrong code, a password too common). */
export class InvalidInputError extends DomainError {
  constructor(options: AppErrorOptions) {
    super(options);
    this.name = 'InvalidInputError';
  }
}

/** Too many attempts: the caller may try again after `retryAfterSeconds`. */
export class RateLimitedError extends DomainError {
  readonly retryAfterSeconds: number;

  constructor(options: AppErrorOptions & { retryAfterSeconds: number }) {
    super({ ...options, details: { ...options.details, retryAfterSeconds: options.retryAfterSeconds } });
    this.name = 'RateLimitedError';
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
