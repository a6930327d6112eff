import type { MessageTree } from './merge-messages';

/** The preview of the subscription e-mails in English. */
export const mailPreviewsMessages: MessageTree = {
  shop: {
    mailPreviews: {
      menu: 'Customer e-mails',
      title: 'Subscription e-mails',
      explanation:
        'The e-mails the shop sends customers about their subscriptions, as they get them, written here for a sample subscription (Netflix Premium, 3 months, €13.59). Each leaves in the customer’s language, as HTML with a plain-text version.',
      list: 'E-mails',
      language: 'Language',
      languages: { fr: 'French', en: 'English' },
      subject: 'Subject:',
      html: 'HTML version',
      text: 'Plain-text version',
      kinds: {
        order_received: 'Order received',
        order_abandoned: 'Order cancelled unpaid',
        payment_confirmed: 'Payment confirmed',
        credentials_ready: 'Credentials ready',
        expiring_soon: 'Expires in 3 days',
        expired: 'Subscription expired',
        renewal_confirmed: 'Renewal confirmed',
        cancellation_confirmed: 'Cancellation confirmed',
        refund_requested: 'Refund request received',
        refund_issued: 'Refund issued',
        suspended: 'Subscription suspended',
        renewal_reminder: 'Renewal reminder (7 days and 1 day before)',
        renewal_failed: 'Automatic renewal declined',
        renewal_upcoming: 'Automatic renewal coming up (7 days before)',
        plan_withdrawn: 'Plan withdrawn: no renewal (7 days before)',
      },
    },
  },
};
