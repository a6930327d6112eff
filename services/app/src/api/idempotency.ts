import type { Request } from 'express';
import { HttpProblem } from './problem.js';

const IDEMPOTENCY_KEY = /^[\w.:-]{8,128}$/;

/** The request's Idempotency-Key header, checked; undefined when the client sent none. */
export function idempotencyKeyOf(req: Request): string | undefined {
  const key = req.get('idempotency-key');
  if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
    throw new HttpProblem({
      status: 400,
      code: 'idempotency.invalid_key',
      detail: 'Idempotency-Key must be 8 to 128 letters, digits or . : - _',
    });
  }
  return key;
}
