import type { Language } from '../catalogue/events.js';
import type { DomainEvent } from '../shared/decider.js';

export const inquiryStreamId = (inquiryId: string) => `inquiry-${inquiryId}`;
/** The key that seals an inquiry's personal data: one per inquiry (see docs/adr/0006). */
export const inquiryDataSubject = (inquiryId: string) => `inquiry-${inquiryId}`;

export const INQUIRY_KINDS = ['support', 'affiliate', 'partnership', 'suggestion'] as const;
export type InquiryKind = (typeof INQUIRY_KINDS)[number];

/** One set for every kind: the seeds' 'nouveau' (support) and 'pending' (requests) are both `new`. */
export const INQUIRY_STATUSES = ['new', 'in_progress', 'closed'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

export const SUPPORT_CATEGORIES = ['subscriptions', 'payment', 'account', 'technical', 'security', 'other'] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];

export const TRAFFIC_VOLUMES = ['0-1000', '1000-5000', '5000-10000', '10000-50000', '50000+'] as const;
export type TrafficVolume = (typeof TRAFFIC_VOLUMES)[number];

export const PROMOTION_METHODS = [
  'social-media',
  'blog',
  'email',
  'youtube',
  'influencer',
  'paid-ads',
  'other',
] as const;
export type PromotionMethod = (typeof PROMOTION_METHODS)[number];

export const PARTNERSHIP_TYPES = ['reseller', 'affiliate', 'integration', 'content', 'distribution', 'other'] as const;
export type PartnershipType = (typeof PARTNERSHIP_TYPES)[number];

/**
 * Whatever a visitor typed that could identify them (names, e-mail, phone, website, free
 * texts) is sealed with the inquiry's own key (subject `inquiry-<id>`) before it enters the
 * log; destroying that key erases the inquiry everywhere. Choices from fixed lists stay plain.
 */
type Sealed = string;

export type SupportForm = {
  kind: 'support';
  email: Sealed;
  /** Given on the contact page. */
  name: Sealed | null;
  category: SupportCategory;
  subject: Sealed;
  message: Sealed;
};
export type AffiliateForm = {
  kind: 'affiliate';
  name: Sealed;
  email: Sealed;
  phone: Sealed | null;
  website: Sealed | null;
  trafficVolume: TrafficVolume;
  promotionMethods: PromotionMethod[];
  experience: Sealed;
  motivation: Sealed;
};
export type PartnershipForm = {
  kind: 'partnership';
  companyName: Sealed;
  contactName: Sealed;
  email: Sealed;
  phone: Sealed | null;
  website: Sealed | null;
  partnershipType: PartnershipType;
  expectedVolume: Sealed | null;
  description: Sealed;
};
export type SuggestionForm = { kind: 'suggestion'; suggestion: Sealed; email: Sealed | null };
export type InquiryForm = SupportForm | AffiliateForm | PartnershipForm | SuggestionForm;

/** What was received, and from whom. */
export type InquiryFacts = {
  /** The signed-in visitor, null when anonymous. */
  userId: string | null;
  language: Language;
  receivedAt: string;
} & InquiryForm;

export type InquiryReceived = DomainEvent<'InquiryReceived', { inquiryId: string } & InquiryFacts>;
export type InquiryStatusChanged = DomainEvent<
  'InquiryStatusChanged',
  { inquiryId: string; from: InquiryStatus; to: InquiryStatus; changedBy: string; changedAt: string }
>;

/**
 * The operator answered the visitor: `message` is sealed with the inquiry's key (it speaks to and
 * of the visitor), so an erasure covers it too; the e-mail to the visitor is derived from this event.
 */
export type InquiryReplied = DomainEvent<
  'InquiryReplied',
  { inquiryId: string; replyId: string; message: Sealed; repliedBy: string; repliedAt: string }
>;

/** The inquiry's key was destroyed: what the visitor typed is unreadable everywhere, its status history stays. */
export type InquiryErased = DomainEvent<'InquiryErased', { inquiryId: string; erasedAt: string }>;

export type InquiryEvent = InquiryReceived | InquiryStatusChanged | InquiryReplied | InquiryErased;
export const INQUIRY_EVENT_TYPES: ReadonlyArray<InquiryEvent['type']> = [
  'InquiryReceived',
  'InquiryStatusChanged',
  'InquiryReplied',
  'InquiryErased',
];
