import type { PersonalDataVault } from '@shop/projections';
import type { MailJobDependencies, MailMessage } from '../mail/mailer.js';
import { sendMailOnce } from '../subscriptions/order-mail-jobs.js';
import { opaqueToken, tokenHash } from '../security/tokens.js';
import type { JobHandlers } from '../jobs/job-queue.js';
import { accountForEffect } from './account-for-effect.js';

/** How long a reset link works, and how late a request may still be answered with one. */
export const PASSWORD_RESET_TTL_MS = 30 * 60_000;
/** The link of an account the operator opened: its owner may read the e-mail days later. */
export const WELCOME_LINK_TTL_MS = 7 * 24 * 3600_000;

/** How late an e-mail change is still told of: a reactor started on an old log tells of none older. */
export const EMAIL_CHANGE_NOTICE_TTL_MS = 7 * 24 * 3600_000;

export function accountMailJobHandlers({
  knex,
  mailer,
  publicUrl,
  clock,
  logger,
  vault,
}: MailJobDependencies & { vault: PersonalDataVault }): Pick<
  JobHandlers,
  'send-password-reset' | 'send-email-change-notice'
> {
  return {
    'send-email-change-notice': async ({ userId, eventId, changedAt, email, previousEmail }) => {
      if (clock().getTime() - Date.parse(changedAt) > EMAIL_CHANGE_NOTICE_TTL_MS) {
        logger.info({ userId, eventId }, 'e-mail change too old; no notice sent');
        return;
      }
      // Older changes did not keep the address they replaced; an erased person's cannot be opened.
      if (!previousEmail) return;
      const [previous, next] = await Promise.all([
        vault.open(knex, userId, previousEmail),
        vault.open(knex, userId, email),
      ]);
      if (!previous || !next || previous === next) return;
      const sent = await sendMailOnce(
        { knex, mailer, clock },
        `${eventId}:email-change-notice`,
        emailChangedMessage({ to: previous, newEmail: next, link: `${publicUrl}/support` }),
      );
      logger.info(
        { userId, eventId },
        sent ? 'e-mail change told to the former address' : 'e-mail change already told',
      );
    },
    'send-password-reset': async ({ userId, requestId, requestedAt, purpose }) => {
      const now = clock();
      const ttl = purpose === 'welcome' ? WELCOME_LINK_TTL_MS : PASSWORD_RESET_TTL_MS;
      // A reactor started on an old log (a new deployment, a reset checkpoint) must not mail stale links.
      if (now.getTime() - Date.parse(requestedAt) > ttl) {
        logger.info({ userId, requestId }, 'password reset request too old; no link sent');
        return;
      }
      const account = await accountForEffect(knex, userId);
      if (!account) return;
      if (!account.email.includes('@')) {
        logger.info({ userId, requestId }, 'account has no e-mail address (erased); no link sent');
        return;
      }
      const token = opaqueToken();
      const link = `${publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
      /*
       * One link per request, sent at most once: the row (keyed by request_id) is committed
       * only after the mail server accepted the message. A failed send rolls it back and the
       * retry makes a fresh token; a retry after success finds the row and sends nothing, so
       * nobody receives two different links for one request. A concurrent duplicate run waits
       * on the unique request_id and then finds the row. The cost: a database connection is
       * held while the mail is handed over (bounded by the mailer's timeouts).
       */
      const sent = await knex.transaction(async (trx) => {
        const inserted = await trx('password_reset_tokens')
          .insert({
            token_hash: tokenHash(token),
            user_id: userId,
            request_id: requestId,
            expires_at: new Date(now.getTime() + ttl),
          })
          .onConflict('request_id')
          .ignore()
          .returning('request_id');
        if (inserted.length === 0) {
          return false;
        }
        const message = purpose === 'welcome' ? welcomeMessage : passwordResetMessage;
        await mailer.send(message({ to: account.email, fullName: account.fullName, link }));
        return true;
      });
      logger.info(
        { userId, requestId },
        sent ? 'password reset link sent' : 'password reset link already sent for this request',
      );
    },
  };
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface LinkMailWords {
  greeting: string;
  asked: string;
  open: string;
  ignore: string;
  button: string;
}

/** French first (the shop's default language), English below: the person's choice is not known here. */
function linkMessage(input: { to: string; link: string }, subject: string, fr: LinkMailWords, en: LinkMailWords) {
  const textPart = (t: LinkMailWords) => [t.greeting, '', t.asked, t.open, '', input.link, '', t.ignore].join('\n');
  const href = escapeHtml(input.link);
  const htmlPart = (t: LinkMailWords, lang: string) =>
    `<div lang="${lang}">
<p>${escapeHtml(t.greeting)}</p>
<p>${escapeHtml(t.asked)}<br>${escapeHtml(t.open)}</p>
<p><a href="${href}">${escapeHtml(t.button)}</a></p>
<p style="word-break:break-all">${href}</p>
<p>${escapeHtml(t.ignore)}</p>
</div>`;
  return {
    to: input.to,
    subject,
    text: `${textPart(fr)}\n\n----------\n\n${textPart(en)}\n`,
    html: `<!doctype html>
<html lang="fr"><body>
${htmlPart(fr, 'fr')}
<hr>
${htmlPart(en, 'en')}
</body></html>
`,
  };
}

export function passwordResetMessage(input: { to: string; fullName: string; link: string }): MailMessage {
  const minutes = PASSWORD_RESET_TTL_MS / 60_000;
  const name = input.fullName.trim();
  return linkMessage(
    input,
    'Réinitialisation de votre mot de passe / Reset your password',
    {
      greeting: name ? `Bonjour ${name},` : 'Bonjour,',
      asked: 'Vous avez demandé à réinitialiser le mot de passe de votre compte PremiumShare.',
      open: `Pour choisir un nouveau mot de passe, ouvrez ce lien dans les ${minutes} minutes :`,
      ignore:
        "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
      button: 'Choisir un nouveau mot de passe',
    },
    {
      greeting: name ? `Hello ${name},` : 'Hello,',
      asked: 'You asked to reset the password of your PremiumShare account.',
      open: `To choose a new password, open this link within ${minutes} minutes:`,
      ignore: 'If you did not ask for this, ignore this message: your password stays as it is.',
      button: 'Choose a new password',
    },
  );
}

/** The first e-mail of an account the operator opened: a link to choose its password. */
export function welcomeMessage(input: { to: string; fullName: string; link: string }): MailMessage {
  const days = WELCOME_LINK_TTL_MS / (24 * 3600_000);
  // The name the operator typed, unless they gave none (then the account's name is its e-mail).
  const name = input.fullName.trim() === input.to ? '' : input.fullName.trim();
  return linkMessage(
    input,
    'Votre compte PremiumShare / Your PremiumShare account',
    {
      greeting: name ? `Bonjour ${name},` : 'Bonjour,',
      asked: `Un compte PremiumShare a été ouvert pour vous avec l'adresse ${input.to}.`,
      open: `Pour choisir votre mot de passe et vous connecter, ouvrez ce lien dans les ${days} jours :`,
      ignore: 'Si vous ne vous attendiez pas à ce message, ignorez-le : personne ne peut se connecter sans ce lien.',
      button: 'Choisir mon mot de passe',
    },
    {
      greeting: name ? `Hello ${name},` : 'Hello,',
      asked: `An account at PremiumShare was opened for you with the address ${input.to}.`,
      open: `To choose your password and sign in, open this link within ${days} days:`,
      ignore: 'If you did not expect this message, ignore it: nobody can sign in without this link.',
      button: 'Choose my password',
    },
  );
}

/** `camille.martin@example.org` as `ca•••@example.org`: where the account went, without handing it over. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0 ? '•••' : `${email.slice(0, Math.min(2, at))}•••${email.slice(at)}`;
}

/** To the address an e-mail change replaced: what changed, and whom to tell if it was not asked for. */
export function emailChangedMessage(input: { to: string; newEmail: string; link: string }): MailMessage {
  const masked = maskedEmail(input.newEmail);
  return linkMessage(
    input,
    'Adresse e-mail modifiée / E-mail address changed',
    {
      greeting: 'Bonjour,',
      asked: `L'adresse e-mail de votre compte PremiumShare a été changée pour ${masked} : c'est elle qui reçoit désormais vos e-mails et qui sert à vous connecter.`,
      open: "Si vous ne l'avez pas demandé, écrivez-nous sans attendre :",
      ignore: "Si vous l'avez demandé, vous n'avez rien à faire.",
      button: 'Contacter le support',
    },
    {
      greeting: 'Hello,',
      asked: `The e-mail address of your PremiumShare account was changed to ${masked}: it now receives your e-mails and is the one you sign in with.`,
      open: 'If you did not ask for this, write to us at once:',
      ignore: 'If you asked for it, there is nothing to do.',
      button: 'Contact support',
    },
  );
}
