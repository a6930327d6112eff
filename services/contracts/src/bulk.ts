import { z } from 'zod';
import { identifier } from './text.js';
import { INQUIRY_STATUSES } from './vocabulary.js';
import { OPERATOR_SUBSCRIPTION_STATUSES, operatorReason } from './subscriptions.js';

/** The most records one bulk action touches: a list page's selection. */
export const BULK_MAX = 100;

/** The records an operator selected in a list; each is acted on by its own command. */
const selection = z
  .array(identifier(64))
  .min(1)
  .max(BULK_MAX)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'Each record may be selected once' });

/** `POST /api/admin/subscriptions/bulk-status`: one status and one reason for every selected subscription. */
export const bulkSubscriptionStatusChange = z
  .strictObject({ ids: selection, status: z.enum(OPERATOR_SUBSCRIPTION_STATUSES), reason: operatorReason })
  .meta({ id: 'BulkSubscriptionStatusChange' });
export type BulkSubscriptionStatusChange = z.input<typeof bulkSubscriptionStatusChange>;

/** `POST /api/admin/inquiries/bulk-status`: one status for every selected inquiry. */
export const bulkInquiryStatusChange = z
  .strictObject({ ids: selection, status: z.enum(INQUIRY_STATUSES) })
  .meta({ id: 'BulkInquiryStatusChange' });
export type BulkInquiryStatusChange = z.input<typeof bulkInquiryStatusChange>;

/** `POST /api/admin/credentials/:id/assignments`: one stored set for every selected subscription of its plan. */
export const bulkCredentialsAssignment = z
  .strictObject({ subscriptionIds: selection })
  .meta({ id: 'BulkCredentialsAssignment' });
export type BulkCredentialsAssignment = z.input<typeof bulkCredentialsAssignment>;

/**
 * What a bulk action answers: each record's own outcome, in the order sent. A record the rules
 * refuse (a move its status does not allow, a set for another plan) is reported with the problem's
 * stable code and leaves the others unaffected; sending the same action again changes nothing more.
 */
export const bulkOutcome = z
  .object({
    changed: z.number().int(),
    unchanged: z.number().int(),
    refused: z.number().int(),
    results: z.array(
      z.object({
        id: z.string(),
        outcome: z.enum(['changed', 'unchanged', 'refused']),
        code: z.string().optional(),
        detail: z.string().optional(),
      }),
    ),
  })
  .meta({ id: 'BulkOutcome' });
export type BulkOutcome = z.infer<typeof bulkOutcome>;
