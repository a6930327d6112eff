import { z } from 'zod';
import { LANGUAGES } from './vocabulary.js';

/** `GET /api/admin/mail-previews`: each subscription e-mail the shop sends, and the languages it is written in. */
export const mailPreviewList = z
  .object({
    data: z.array(
      z.object({
        /** The news it carries (order_received, renewal_reminder, …). */
        kind: z.string(),
        languages: z.array(z.enum(LANGUAGES)),
      }),
    ),
  })
  .meta({ id: 'MailPreviewList' });
export type MailPreviewList = z.infer<typeof mailPreviewList>;

export const mailPreviewParams = z.object({ kind: z.string().regex(/^[a-z_]{1,64}$/) });

export const mailPreviewQuery = z.object({
  language: z.enum(LANGUAGES).default('fr').describe('The language of the e-mail; French by default'),
});
export type MailPreviewQuery = z.input<typeof mailPreviewQuery>;

/** `GET /api/admin/mail-previews/:kind`: one e-mail as a customer would get it, written from sample facts. */
export const mailPreview = z
  .object({
    kind: z.string(),
    language: z.enum(LANGUAGES),
    subject: z.string(),
    /** A whole HTML document, to show in a sandboxed frame. */
    html: z.string(),
    text: z.string(),
  })
  .meta({ id: 'MailPreview' });
export type MailPreview = z.infer<typeof mailPreview>;
