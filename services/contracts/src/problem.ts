import { z } from 'zod';

/** RFC 9457 problem details: every error the API answers, with a stable `code` clients translate. */
export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.string().describe('Stable machine-readable error code'),
    requestId: z.string().optional(),
  })
  .catchall(z.unknown())
  .meta({ id: 'Problem', description: 'RFC 9457 problem details' });
export type Problem = z.infer<typeof problemSchema>;
