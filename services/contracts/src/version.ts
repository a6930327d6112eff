import { z } from 'zod';

/**
 * The version of a record a form was loaded at, sent back with its change: a change made meanwhile
 * is refused (409) instead of overwritten.
 */
export const expectedVersion = z.number().int().min(1);
