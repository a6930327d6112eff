import { INQUIRY_KINDS, INQUIRY_STATUSES, type Inquiry } from '@shop/contracts';

/**
 * The inquiries' fixed lists and the record of GET /api/admin/inquiries/:id, as the API defines
 * them; where an inquiry may go from each status (nothing returns to `new`, docs/adr/0006-visitor-inquiries.md).
 */
export { INQUIRY_KINDS, INQUIRY_STATUSES, INQUIRY_TRANSITIONS } from '@shop/contracts';
export type { Inquiry, InquiryKind, InquiryStatus } from '@shop/contracts';

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
