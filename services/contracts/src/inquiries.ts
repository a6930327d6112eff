import { z } from 'zod';
import { identifier, text } from './text.js';
import {
  INQUIRY_KINDS,
  INQUIRY_LIMITS,
  INQUIRY_STATUSES,
  LANGUAGES,
  PARTNERSHIP_TYPES,
  PROMOTION_METHODS,
  SUPPORT_CATEGORIES,
  TRAFFIC_VOLUMES,
} from './vocabulary.js';
import { expectedVersion } from './version.js';

export type { PartnershipType, PromotionMethod, SupportCategory, TrafficVolume } from '@shop/domain';

const L = INQUIRY_LIMITS;

const line = (limits: { min?: number; max: number }) => text({ min: limits.min ?? 1, max: limits.max });
const paragraph = (limits: { min?: number; max: number }) =>
  text({ min: limits.min ?? 1, max: limits.max, multiline: true });
const email = text({ max: L.email.max }).toLowerCase().pipe(z.email().max(L.email.max));
const phone = z
  .string()
  .trim()
  .max(L.phone.max)
  .regex(new RegExp(L.phone.pattern), 'Only digits, spaces and + ( ) - .');
const website = z
  .string()
  .trim()
  .max(L.website.max)
  .pipe(z.url({ protocol: /^https?$/, message: 'Must be an http(s) URL' }));
/** The shop's forms send empty optional fields as "" (or null): both mean absent. */
const optional = <T extends z.ZodType>(schema: T) =>
  z
    .preprocess(
      (value: string | null | undefined) =>
        value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value,
      schema.optional(),
    )
    .optional();

/** `POST /api/support/messages`: the support page (a category) and the contact page (a name). */
export const supportMessageRequest = z
  .strictObject({
    email,
    category: z.enum(SUPPORT_CATEGORIES),
    subject: line(L.subject),
    message: paragraph(L.message),
    name: optional(line(L.name)),
  })
  .meta({ id: 'SupportMessage' });
export type SupportMessageRequest = z.input<typeof supportMessageRequest>;

/** `POST /api/affiliate-requests`. */
export const affiliateRequest = z
  .strictObject({
    name: line(L.name),
    email,
    phone: optional(phone),
    website: optional(website),
    trafficVolume: z.enum(TRAFFIC_VOLUMES),
    promotionMethods: z
      .array(z.enum(PROMOTION_METHODS))
      .min(1)
      .refine((methods) => new Set(methods).size === methods.length, 'Each method once'),
    experience: paragraph(L.experience),
    motivation: paragraph(L.motivation),
  })
  .meta({ id: 'AffiliateRequest' });
export type AffiliateRequest = z.input<typeof affiliateRequest>;

/** `POST /api/partnership-requests`. */
export const partnershipRequest = z
  .strictObject({
    companyName: line(L.name),
    contactName: line(L.name),
    email,
    phone: optional(phone),
    website: optional(website),
    partnershipType: z.enum(PARTNERSHIP_TYPES),
    expectedVolume: optional(line(L.expectedVolume)),
    description: paragraph(L.description),
  })
  .meta({ id: 'PartnershipRequest' });
export type PartnershipRequest = z.input<typeof partnershipRequest>;

/** `POST /api/service-suggestions`. */
export const serviceSuggestionRequest = z
  .strictObject({ suggestion: paragraph(L.suggestion), email: optional(email) })
  .meta({ id: 'ServiceSuggestion' });
export type ServiceSuggestionRequest = z.input<typeof serviceSuggestionRequest>;

/** The query of every public form. */
export const inquiryFormQuery = z.object({
  lang: z
    .enum(LANGUAGES)
    .optional()
    .describe("The shop's language, recorded with the inquiry; Accept-Language otherwise, French by default"),
});
export type InquiryFormQuery = z.input<typeof inquiryFormQuery>;

/** What every public form answers once the inquiry is stored (201). */
export const inquiryReceived = z
  .object({ id: z.string(), status: z.enum(INQUIRY_STATUSES) })
  .meta({ id: 'InquiryReceived' });
export type InquiryReceived = z.infer<typeof inquiryReceived>;

/** One inquiry as the back-office shows it: common fields, then the fields of its form in `details`. */
export const inquiry = z
  .object({
    id: z.string(),
    kind: z.enum(INQUIRY_KINDS),
    status: z.enum(INQUIRY_STATUSES),
    version: z.number().int().describe('Send it back with a status change to detect a concurrent one'),
    userId: z.string().nullable(),
    language: z.enum(LANGUAGES),
    email: z.string().nullable(),
    name: z.string().nullable().describe('The sender (contact person for a partnership request)'),
    companyName: z.string().nullable(),
    subject: z.string().nullable(),
    category: z.string().nullable().describe('Support category or partnership type'),
    receivedAt: z.string(),
    updatedAt: z.string(),
    statusChangedBy: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'Inquiry' });
export type Inquiry = z.infer<typeof inquiry>;

/** `GET /api/admin/inquiries`: a page of the list. */
export const inquiryList = z.array(inquiry);

/** `PUT /api/admin/inquiries/:id`: the new status, nothing else of the record (another member is refused). */
export const inquiryStatusChange = z.strictObject({
  status: z.enum(INQUIRY_STATUSES),
  version: expectedVersion.optional().describe('The version read; a change made since then is refused'),
});
export type InquiryStatusChange = z.input<typeof inquiryStatusChange>;

/**
 * What `PUT /api/admin/inquiries/:id` answers: the inquiry as changed, or only its new status while
 * the back-office's view has not yet caught up with an inquiry received a moment ago.
 */
export const inquiryAfterChange = z.union([
  inquiry,
  z.object({
    id: z.string(),
    status: z.enum(INQUIRY_STATUSES),
    version: z.number().int(),
    statusChangedBy: z.string().optional(),
  }),
]);
export type InquiryAfterChange = z.infer<typeof inquiryAfterChange>;

/** `/api/admin/inquiries/:id`. */
export const inquiryParams = z.object({ id: identifier() });

/** `POST /api/admin/inquiries/:id/replies`: the operator's answer, e-mailed to the visitor in the inquiry's language. */
export const inquiryReplyRequest = z.strictObject({
  message: paragraph(L.reply),
});
export type InquiryReplyRequest = z.input<typeof inquiryReplyRequest>;

/** One reply of the operator in an inquiry's thread. */
export const inquiryReply = z
  .object({
    id: z.string(),
    inquiryId: z.string(),
    message: z.string(),
    repliedBy: z.string().describe("The operator's account"),
    repliedByName: z.string().nullable().describe("The operator's name (or e-mail) as the accounts know it"),
    repliedAt: z.string(),
  })
  .meta({ id: 'InquiryReply' });
export type InquiryReply = z.infer<typeof inquiryReply>;

/** `GET /api/admin/inquiries/:id/replies`: the replies, oldest first. */
export const inquiryReplyList = z.array(inquiryReply);

/** What `POST /api/admin/inquiries/:id/replies` answers (201): the reply and the inquiry's status after it. */
export const inquiryReplied = z.object({
  id: z.string(),
  inquiryId: z.string(),
  status: z.enum(INQUIRY_STATUSES),
  version: z.number().int(),
});
export type InquiryReplied = z.infer<typeof inquiryReplied>;
