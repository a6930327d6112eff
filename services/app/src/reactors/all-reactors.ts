import { accountMailReactor } from './account-mail-reactor.js';
import { expiryReactor } from './expiry-reactor.js';
import { inquiryMailReactor } from './inquiry-mail-reactor.js';
import { notificationReactor } from './notification-reactor.js';
import { orderMailReactor } from './order-mail-reactor.js';
import { paymentReactor } from './payment-reactor.js';
import type { Reactor } from './reactor.js';

/** Every reactor the worker runs: each follows the log with its own checkpoint. */
export const ALL_REACTORS: readonly Reactor[] = [
  expiryReactor,
  paymentReactor,
  orderMailReactor,
  notificationReactor,
  accountMailReactor,
  inquiryMailReactor,
];
