import { getInquiry, type InquiryView } from '@shop/projections';
import type { Knex } from 'knex';
import type { Logger } from '../infrastructure/logger.js';
import type { MailMessage, Mailer } from '../mail/mailer.js';
import type { JobHandlers } from '../jobs/job-queue.js';
import { NotYetError } from '../jobs/not-yet.js';
import { sendMailOnce } from '../subscriptions/order-mail-jobs.js';

/** A reactor started on an old log (first deployment, reset checkpoint) must not replay months of inquiries. */
export const INQUIRY_MAIL_STALE_AFTER_MS = 2 * 24 * 3600_000;

export interface InquiryMailJobDependencies {
  knex: Knex;
  mailer: Mailer;
  supportEmail: string | undefined;
  clock: () => Date;
  logger: Logger;
}

export function inquiryMailJobHandlers({
  knex,
  mailer,
  supportEmail,
  clock,
  logger,
}: InquiryMailJobDependencies): Pick<JobHandlers, 'notify-support-of-inquiry'> {
  return {
    'notify-support-of-inquiry': async ({ inquiryId, mailId, at }) => {
      if (!supportEmail) return;
      if (clock().getTime() - Date.parse(at) > INQUIRY_MAIL_STALE_AFTER_MS) {
        logger.info({ inquiryId }, 'inquiry too old to announce; nothing sent');
        return;
      }
      const inquiry = await getInquiry(knex, inquiryId);
      // The inquiries read model trails the log: the job waits for it.
      if (!inquiry) throw new NotYetError(`inquiry ${inquiryId} is not in the inquiries read model yet`);
      const sent = await sendMailOnce({ knex, mailer, clock }, mailId, inquiryNotice(inquiry, supportEmail));
      logger.info({ inquiryId }, sent ? 'support told of a new inquiry' : 'support already told of this inquiry');
    },
  };
}

const KIND_LABELS: Record<InquiryView['kind'], string> = {
  support: 'Message au support',
  affiliate: "Demande d'affiliation",
  partnership: 'Demande de partenariat',
  suggestion: 'Suggestion de service',
};

const DETAIL_LABELS: Record<string, string> = {
  message: 'Message',
  phone: 'Téléphone',
  website: 'Site web',
  trafficVolume: 'Trafic mensuel',
  promotionMethods: 'Méthodes de promotion',
  experience: 'Expérience',
  motivation: 'Motivation',
  expectedVolume: 'Volume attendu',
  description: 'Description',
  suggestion: 'Suggestion',
};

/** In French, like the back-office; the visitor's address is the reply-to. */
export function inquiryNotice(inquiry: InquiryView, to: string): MailMessage {
  const lines: Array<[string, string | null]> = [
    ['Reçue le', inquiry.receivedAt],
    ['Nom', inquiry.name],
    ['Société', inquiry.companyName],
    ['E-mail', inquiry.email],
    ['Catégorie', inquiry.category],
    ['Sujet', inquiry.subject],
    ['Langue', inquiry.language],
    ['Compte client', inquiry.userId],
    ...Object.entries(inquiry.details).map(([key, value]): [string, string | null] => [
      DETAIL_LABELS[key] ?? key,
      Array.isArray(value) ? value.join(', ') : value === null || value === undefined ? null : String(value),
    ]),
  ];
  const headline = inquiry.subject ?? inquiry.companyName ?? inquiry.name ?? inquiry.email ?? inquiry.id;
  const replyTo = inquiry.email?.includes('@') ? inquiry.email : undefined;
  return {
    to,
    subject: `${KIND_LABELS[inquiry.kind]} : ${headline}`.slice(0, 200),
    text: `${[
      `${KIND_LABELS[inquiry.kind]} (${inquiry.id})`,
      '',
      ...lines.filter(([, value]) => value !== null && value !== '').map(([label, value]) => `${label} : ${value}`),
      '',
      'À traiter dans le back-office, rubrique Demandes.',
    ].join('\n')}\n`,
    ...(replyTo ? { replyTo } : {}),
  };
}
