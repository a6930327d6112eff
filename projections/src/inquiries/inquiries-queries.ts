import type { Inquiry as InquiryView } from '@shop/contracts';
import type { InquiryKind, InquiryStatus, Language } from '@shop/domain';
import type { Knex } from 'knex';
import { pageWithTotal, sortTable, whereEveryWordIn, type AdminListQuery } from '../admin-list-query.js';

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
export const INQUIRY_SORT_FIELDS = sortTable([
  'id',
  'kind',
  'status',
  'email',
  'name',
  'companyName',
  'subject',
  'category',
  'receivedAt',
  'updatedAt',
]);
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
    whereEveryWordIn(builder, filter.q, ['email', 'name', 'company_name', 'subject']);
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

/** One reply of the operator, with who wrote it as the accounts know them now. */
export interface InquiryReplyView {
  id: string;
  inquiryId: string;
  message: string;
  repliedBy: string;
  repliedByName: string | null;
  repliedAt: string;
}

interface ReplyRow {
  id: string;
  inquiry_id: string;
  message: string;
  replied_by: string;
  replied_at: Date;
}

const toReplyView = (row: ReplyRow, repliedByName: string | null): InquiryReplyView => ({
  id: row.id,
  inquiryId: row.inquiry_id,
  message: row.message,
  repliedBy: row.replied_by,
  repliedByName,
  repliedAt: row.replied_at.toISOString(),
});

/** The operator's replies to an inquiry, oldest first: the thread after the visitor's message. */
export async function listInquiryReplies(knex: Knex, inquiryId: string): Promise<InquiryReplyView[]> {
  const rows = (await knex({ r: 'inquiry_replies' })
    .leftJoin({ a: 'accounts' }, 'a.id', 'r.replied_by')
    .where('r.inquiry_id', inquiryId)
    .orderBy([
      { column: 'r.replied_at', order: 'asc' },
      { column: 'r.id', order: 'asc' },
    ])
    .select('r.*', 'a.full_name', 'a.email')) as Array<ReplyRow & { full_name: string | null; email: string | null }>;
  return rows.map((row) => toReplyView(row, row.full_name || row.email));
}

/** One reply, once the read model has it (the reply's e-mail waits for it). */
export async function getInquiryReply(knex: Knex, replyId: string): Promise<InquiryReplyView | null> {
  const row = (await knex('inquiry_replies').where({ id: replyId }).first()) as ReplyRow | undefined;
  return row ? toReplyView(row, null) : null;
}
