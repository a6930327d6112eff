/**
 * A rule of the business was broken. The `code` is stable: clients and the shop's
 * translations key on it, so it is never renamed.
 */
export class DomainError extends Error {
  readonly code: string;
  readonly details: Record<string, unknown>;

  constructor(options: { code: string; message: string; details?: Record<string, unknown>; cause?: unknown }) {
    super(options.message, { cause: options.cause });
    this.name = 'DomainError';
    this.code = options.code;
    this.details = options.details ?? {};
  }
}

export class NotFoundError extends DomainError {
  constructor(options: { code: string; message: string; details?: Record<string, unknown>; cause?: unknown }) {
    super(options);
    this.name = 'NotFoundError';
  }
}
