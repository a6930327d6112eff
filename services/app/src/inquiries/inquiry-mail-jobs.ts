import { ERASED_VALUE, getInquiry, getInquiryReply, type InquiryReplyView, type InquiryView } from '@shop/projections';
import type { Knex } from 'knex';
import type { Logger } from '../infrastructure/logger.js';
import { formatDateTime } from '../i18n/formatting.js';
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
}: InquiryMailJobDependencies): Pick<JobHandlers, 'notify-support-of-inquiry' | 'send-inquiry-reply'> {
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
    'send-inquiry-reply': async ({ inquiryId, replyId, mailId, at }) => {
      if (clock().getTime() - Date.parse(at) > INQUIRY_MAIL_STALE_AFTER_MS) {
        logger.info({ inquiryId, replyId }, 'inquiry reply too old to send; nothing sent');
        return;
      }
      const [inquiry, reply] = await Promise.all([getInquiry(knex, inquiryId), getInquiryReply(knex, replyId)]);
      if (!inquiry || !reply) throw new NotYetError(`reply ${replyId} is not in the inquiries read model yet`);
      // Erased since: the address and the text are gone, and so is the e-mail.
      if (!inquiry.email?.includes('@') || reply.message === ERASED_VALUE) {
        logger.info({ inquiryId, replyId }, 'inquiry erased before its reply was sent; nothing sent');
        return;
      }
      const sent = await sendMailOnce({ knex, mailer, clock }, mailId, inquiryReplyMail(inquiry, reply, supportEmail));
      logger.info({ inquiryId, replyId }, sent ? 'inquiry reply sent' : 'inquiry reply already sent');
    },
  };
}

const REPLY_WORDS = {
  fr: {
    subject: (about: string | null) => (about ? `Re : ${about}` : 'Réponse à votre demande'),
    hello: (name: string | null) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    signature: "L'équipe du support",
    yourMessage: (date: string) => `Votre message du ${date} :`,
  },
  en: {
    subject: (about: string | null) => (about ? `Re: ${about}` : 'Reply to your inquiry'),
    hello: (name: string | null) => (name ? `Hello ${name},` : 'Hello,'),
    signature: 'The support team',
    yourMessage: (date: string) => `Your message of ${date}:`,
  },
} as const;

/** The visitor's own words, quoted under the reply (the support form's message or the request's main text). */
function visitorText(inquiry: InquiryView): string | null {
  const { details } = inquiry;
  const text = details.message ?? details.description ?? details.motivation ?? details.suggestion;
  return typeof text === 'string' && text !== ERASED_VALUE ? text : null;
}

/** The operator's reply, in the inquiry's language, to its sender; replies to it reach the support address. */
export function inquiryReplyMail(inquiry: InquiryView, reply: InquiryReplyView, supportEmail?: string): MailMessage {
  const words = REPLY_WORDS[inquiry.language];
  const quoted = visitorText(inquiry);
  const date = formatDateTime(inquiry.receivedAt, inquiry.language);
  return {
    to: inquiry.email!,
    subject: words.subject(inquiry.subject).slice(0, 200),
    text: `${[
      words.hello(inquiry.name),
      '',
      reply.message,
      '',
      words.signature,
      ...(quoted ? ['', words.yourMessage(date), ...quoted.split('\n').map((line) => `> ${line}`)] : []),
    ].join('\n')}\n`,
    ...(supportEmail ? { replyTo: supportEmail } : {}),
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
