/**
 * The inquiries' fixed lists, as the API sends them (services/domain/src/inquiry/events.ts and
 * decide.ts hold the originals; a browser bundle does not import the domain package).
 */
export const INQUIRY_KINDS = ['support', 'affiliate', 'partnership', 'suggestion'] as const;
export type InquiryKind = (typeof INQUIRY_KINDS)[number];

export const INQUIRY_STATUSES = ['new', 'in_progress', 'closed'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

/** Where an inquiry may go from each status; nothing returns to `new` (docs/adr/0006-visitor-inquiries.md). */
export const INQUIRY_TRANSITIONS: Readonly<Record<InquiryStatus, readonly InquiryStatus[]>> = {
  new: ['in_progress', 'closed'],
  in_progress: ['closed'],
  closed: ['in_progress'],
};

/** GET /api/admin/inquiries/:id (projections/src/inquiries/inquiries-queries.ts, InquiryView). */
export interface Inquiry {
  id: string;
  kind: InquiryKind;
  status: InquiryStatus;
  version: number;
  userId: string | null;
  language: 'fr' | 'en';
  email: string | null;
  name: string | null;
  companyName: string | null;
  subject: string | null;
  /** Support category or partnership type. */
  category: string | null;
  receivedAt: string;
  updatedAt: string;
  statusChangedBy: string | null;
  details: Record<string, unknown>;
}

export const kindChoices = INQUIRY_KINDS.map((kind) => ({ id: kind, name: `shop.inquiries.kinds.${kind}` }));
export const statusChoices = INQUIRY_STATUSES.map((status) => ({
  id: status,
  name: `shop.inquiries.statuses.${status}`,
}));

/** The translation key of an inquiry's category: a support category or a partnership type. */
export function categoryKey(inquiry: Pick<Inquiry, 'kind' | 'category'>): string | undefined {
  if (!inquiry.category) return undefined;
  return inquiry.kind === 'partnership'
    ? `shop.inquiries.partnershipTypes.${inquiry.category}`
    : `shop.inquiries.categories.${inquiry.category}`;
}
