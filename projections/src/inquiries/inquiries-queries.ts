import type { Inquiry as InquiryView } from '@shop/contracts';
import type { InquiryKind, InquiryStatus, Language } from '@shop/domain';
import type { Knex } from 'knex';
import { containsPattern, pageWithTotal, searchWords, type AdminListQuery } from '../admin-list-query.js';

/** One inquiry as the back-office shows it: common fields, then the fields of its form. */
export type { Inquiry as InquiryView } from '@shop/contracts';

interface InquiryRow {
  id: string;
  kind: InquiryKind;
  status: InquiryStatus;
  stream_version: number;
  user_id: string | null;
  language: Language;
  email: string | null;
  name: string | null;
  company_name: string | null;
  subject: string | null;
  category: string | null;
  details: Record<string, unknown>;
  received_at: Date;
  updated_at: Date;
  status_changed_by: string | null;
}

const toView = (row: InquiryRow): InquiryView => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  version: row.stream_version,
  userId: row.user_id,
  language: row.language,
  email: row.email,
  name: row.name,
  companyName: row.company_name,
  subject: row.subject,
  category: row.category,
  receivedAt: row.received_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  statusChangedBy: row.status_changed_by,
  details: row.details,
});

/** Fields the list may be sorted by, and their columns. */
export const INQUIRY_SORT_FIELDS = {
  id: 'id',
  kind: 'kind',
  status: 'status',
  email: 'email',
  name: 'name',
  companyName: 'company_name',
  subject: 'subject',
  category: 'category',
  receivedAt: 'received_at',
  updatedAt: 'updated_at',
} as const;
export type InquirySortField = keyof typeof INQUIRY_SORT_FIELDS;

export type InquiryListQuery = AdminListQuery<
  InquirySortField,
  {
    ids?: readonly string[];
    kind?: readonly InquiryKind[];
    status?: readonly InquiryStatus[];
    userId?: string;
    /** Words searched in the e-mail, name, company name and subject (case-insensitive). */
    q?: string;
  }
>;

export async function listInquiries(
  knex: Knex,
  query: InquiryListQuery,
): Promise<{ data: InquiryView[]; total: number }> {
  const { filter } = query;
  const filtered = () => {
    const builder = knex<InquiryRow>('inquiries');
    if (filter.ids) builder.whereIn('id', filter.ids);
    if (filter.kind) builder.whereIn('kind', filter.kind);
    if (filter.status) builder.whereIn('status', filter.status);
    if (filter.userId) builder.where('user_id', filter.userId);
    for (const word of searchWords(filter.q)) {
      const pattern = containsPattern(word);
      builder.where((any) =>
        any
          .whereILike('email', pattern)
          .orWhereILike('name', pattern)
          .orWhereILike('company_name', pattern)
          .orWhereILike('subject', pattern),
      );
    }
    return builder;
  };
  return pageWithTotal(
    filtered,
    query,
    {
      columns: INQUIRY_SORT_FIELDS,
      tiebreaker: 'id',
      nullsLast: true,
    },
    toView,
  );
}

export async function getInquiry(knex: Knex, inquiryId: string): Promise<InquiryView | null> {
  const row = await knex<InquiryRow>('inquiries').where({ id: inquiryId }).first();
  return row ? toView(row as InquiryRow) : null;
}

/** Every inquiry sent from this e-mail address (case-insensitive) or signed in as this person: what an erasure covers. */
export async function inquiryIdsOfPerson(knex: Knex, person: { email: string; userId?: string }): Promise<string[]> {
  const rows = await knex('inquiries')
    .whereRaw('lower(email) = ?', [person.email.trim().toLowerCase()])
    .modify((query) => {
      if (person.userId) void query.orWhere('user_id', person.userId);
    })
    .orderBy('received_at')
    .select('id');
  return rows.map((row: { id: string }) => row.id);
}
