import { INQUIRY_EVENT_TYPES, inquiryDataSubject, type InquiryEvent, type InquiryForm } from '@shop/domain';
import type { Projection } from '../runtime/projection.js';
import { ERASED_VALUE } from '../personal-data/personal-data-vault.js';

type Opener = (sealed: string | null) => Promise<string | null>;

/** The columns the back-office lists and searches, and the rest of the form as details. */
async function openForm(form: InquiryForm, open: Opener) {
  switch (form.kind) {
    case 'support':
      return {
        email: await open(form.email),
        name: await open(form.name),
        company_name: null,
        subject: await open(form.subject),
        category: form.category,
        details: { message: await open(form.message) },
      };
    case 'affiliate':
      return {
        email: await open(form.email),
        name: await open(form.name),
        company_name: null,
        subject: null,
        category: null,
        details: {
          phone: await open(form.phone),
          website: await open(form.website),
          trafficVolume: form.trafficVolume,
          promotionMethods: form.promotionMethods,
          experience: await open(form.experience),
          motivation: await open(form.motivation),
        },
      };
    case 'partnership':
      return {
        email: await open(form.email),
        name: await open(form.contactName),
        company_name: await open(form.companyName),
        subject: null,
        category: form.partnershipType,
        details: {
          phone: await open(form.phone),
          website: await open(form.website),
          expectedVolume: await open(form.expectedVolume),
          description: await open(form.description),
        },
      };
    case 'suggestion':
      return {
        email: await open(form.email),
        name: null,
        company_name: null,
        subject: null,
        category: null,
        details: { suggestion: await open(form.suggestion) },
      };
  }
}

/** Fixed-list members of the details (everything else there is what the visitor typed). */
const PLAIN_DETAILS: ReadonlySet<string> = new Set(['trafficVolume', 'promotionMethods']);
const erase = (value: unknown) => (value === null || value === undefined ? null : ERASED_VALUE);

interface ErasableRow {
  email: string | null;
  name: string | null;
  company_name: string | null;
  subject: string | null;
  details: Record<string, unknown>;
}

/** The row's columns once the inquiry's key is destroyed, as a rebuild would show them. */
function erasedColumns(row: ErasableRow) {
  const details = Object.fromEntries(
    Object.entries(row.details).map(([member, value]) => [member, PLAIN_DETAILS.has(member) ? value : erase(value)]),
  );
  return {
    email: erase(row.email),
    name: erase(row.name),
    company_name: erase(row.company_name),
    subject: erase(row.subject),
    details: JSON.stringify(details),
  };
}

/** Visitor inquiries (support, contact, affiliate, partnership, suggestion) for the back-office. */
export const inquiriesProjection: Projection = {
  name: 'inquiries',
  version: 2,
  tables: {
    inquiries: (table) => {
      table.text('id').primary();
      table.text('kind').notNullable();
      table.text('status').notNullable();
      table.text('user_id').index();
      table.text('language').notNullable();
      table.text('email');
      table.text('name');
      table.text('company_name');
      table.text('subject');
      /** Support category or partnership type. */
      table.text('category');
      table.jsonb('details').notNullable();
      table.timestamp('received_at', { useTz: true }).notNullable();
      table.timestamp('updated_at', { useTz: true }).notNullable();
      table.text('status_changed_by');
      table.integer('stream_version').notNullable();
      table.index(['received_at']);
      table.index(['kind', 'status']);
    },
    /** The operator's replies to the visitor, the thread under the inquiry. */
    inquiry_replies: (table) => {
      table.text('id').primary();
      table.text('inquiry_id').notNullable();
      table.text('message').notNullable();
      table.text('replied_by').notNullable();
      table.timestamp('replied_at', { useTz: true }).notNullable();
      table.index(['inquiry_id', 'replied_at']);
    },
  },
  eventTypes: INQUIRY_EVENT_TYPES,
  apply: async (recorded, context) => {
    const event = { type: recorded.type, data: recorded.data } as InquiryEvent;
    const { trx, table } = context;
    const id = event.data.inquiryId;
    /**
     * The inquiry's row unless this event or a later one was applied to it: applying the same
     * event twice, or an older one, changes nothing.
     */
    const notYetApplied = () =>
      trx(table('inquiries')).where({ id }).andWhere('stream_version', '<', recorded.streamVersion);
    switch (event.type) {
      case 'InquiryReceived': {
        const subject = inquiryDataSubject(id);
        const open: Opener = async (sealed) => (sealed === null ? null : context.openPersonalData(subject, sealed));
        const { inquiryId: _id, userId, language, receivedAt, ...form } = event.data;
        const opened = await openForm(form as InquiryForm, open);
        await trx(table('inquiries'))
          .insert({
            id,
            kind: form.kind,
            status: 'new',
            user_id: userId,
            language,
            ...opened,
            details: JSON.stringify(opened.details),
            received_at: receivedAt,
            updated_at: receivedAt,
            stream_version: recorded.streamVersion,
          })
          .onConflict('id')
          .ignore();
        return;
      }
      case 'InquiryStatusChanged':
        await notYetApplied().update({
          status: event.data.to,
          status_changed_by: event.data.changedBy,
          updated_at: event.data.changedAt,
          stream_version: recorded.streamVersion,
        });
        return;
      case 'InquiryReplied': {
        const { replyId, message, repliedBy, repliedAt } = event.data;
        const opened = await context.openPersonalData(inquiryDataSubject(id), message);
        await trx(table('inquiry_replies'))
          .insert({ id: replyId, inquiry_id: id, message: opened, replied_by: repliedBy, replied_at: repliedAt })
          .onConflict('id')
          .ignore();
        // The version a status change is decided on counts the replies.
        await notYetApplied().update({ updated_at: repliedAt, stream_version: recorded.streamVersion });
        return;
      }
      case 'InquiryErased': {
        await trx(table('inquiry_replies')).where({ inquiry_id: id }).update({ message: ERASED_VALUE });
        const row = (await notYetApplied().first('email', 'name', 'company_name', 'subject', 'details')) as
          ErasableRow | undefined;
        if (!row) return;
        await trx(table('inquiries'))
          .where({ id })
          .update({
            ...erasedColumns(row),
            updated_at: event.data.erasedAt,
            stream_version: recorded.streamVersion,
          });
        return;
      }
    }
  },
};
