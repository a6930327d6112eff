import { accountMailReactor, emailChangeNoticeReactor } from './accounts/account-mail-reactor.js';
import { expiryReactor } from './subscriptions/expiry-reactor.js';
import { inquiryMailReactor, inquiryReplyMailReactor } from './inquiries/inquiry-mail-reactor.js';
import { notificationReactor } from './notifications/notification-reactor.js';
import { orderMailReactor } from './subscriptions/order-mail-reactor.js';
import { paymentReactor } from './payments/payment-reactor.js';
import { promotionReactor } from './catalogue/promotion-reactor.js';
import { refundReactor } from './subscriptions/refund-reactor.js';
import { renewalChargeReactor } from './subscriptions/automatic-renewals.js';
import { accountingReactor } from './invoicing/invoicing.js';
import type { Reactor } from './reactors/reactor.js';

/** Every reactor the worker runs: each follows the log with its own checkpoint. */
export const ALL_REACTORS: readonly Reactor[] = [
  expiryReactor,
  paymentReactor,
  refundReactor,
  promotionReactor,
  renewalChargeReactor,
  accountingReactor,
  orderMailReactor,
  notificationReactor,
  accountMailReactor,
  emailChangeNoticeReactor,
  inquiryMailReactor,
  inquiryReplyMailReactor,
];
