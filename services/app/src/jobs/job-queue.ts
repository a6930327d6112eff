/** What a security notification says happened to an account. */
export const SECURITY_NOTIFICATION_KINDS = [
  'new_device_sign_in',
  'password_changed',
  'two_factor_enabled',
  'two_factor_disabled',
  'account_locked',
  'session_token_reused',
] as const;
export type SecurityNotificationKind = (typeof SECURITY_NOTIFICATION_KINDS)[number];

/** The news of an order a customer is told of. */
export const ORDER_MAIL_KINDS = [
  'order_received',
  'order_abandoned',
  'payment_confirmed',
  'credentials_ready',
  'expiring_soon',
  'expired',
  'renewal_confirmed',
  'cancellation_confirmed',
  'refund_requested',
  'refund_issued',
  'suspended',
  'renewal_reminder',
  'renewal_upcoming',
  'plan_withdrawn',
  'renewal_failed',
] as const;
export type OrderMailKind = (typeof ORDER_MAIL_KINDS)[number];

/** Every job the shop runs, with its data. A new job type is added here first. */
export interface JobDataByName {
  /** causationId: the PaymentConfirmed the timer was scheduled from (absent from the sweep and older timers). */
  'expire-subscription': { subscriptionId: string; causationId?: string };
  'sweep-expired-subscriptions': Record<string, never>;
  /** Cancels the orders that waited PENDING_ORDER_HOURS for a payment (repeating). */
  'sweep-abandoned-orders': Record<string, never>;
  /** requestId is the PasswordResetRequested event id: one link per request, however often the job runs. */
  'send-password-reset': { userId: string; requestId: string; requestedAt: string; purpose?: 'welcome' };
  /**
   * The former address told of an e-mail change; eventId is the `EmailChanged` event's, the
   * addresses are sealed as it holds them (`previousEmail` absent from older events).
   */
  'send-email-change-notice': {
    userId: string;
    eventId: string;
    changedAt: string;
    email: string;
    previousEmail?: string;
  };
  /** eventId is the security event's id and becomes the notification's id; `at` is when it was recorded. */
  'notify-user': { userId: string; kind: SecurityNotificationKind; eventId: string; at: string };
  /** Orders the automatic renewals whose charge is due (repeating). */
  'order-due-renewals': Record<string, never>;
  /** One try at charging the kept payment method for an automatic renewal. */
  'charge-renewal': { subscriptionId: string; renewalId: string };
  /**
   * The invoice of a payment kept, or the credit note of a refund: what went back of the payment
   * before and after it, so that its amount is the difference.
   */
  'issue-accounting-document':
    | { kind: 'invoice'; subscriptionId: string; paymentReference: string }
    | {
        kind: 'credit_note';
        subscriptionId: string;
        paymentReference: string;
        refundedBeforeCents: number;
        refundedAfterCents: number;
      };
  /**
   * A promo code's use given back by an order abandoned unpaid, or taken again by its late payment;
   * `at` is when, `eventId` and `streamId` the event that said so.
   */
  'promo-code-use': {
    action: 'release' | 'retake';
    code: string;
    subscriptionId: string;
    at: string;
    eventId: string;
    streamId: string;
  };
  /** A refund the operator asked for (RefundInitiated), made at its provider if it is still pending. */
  'settle-refund': { subscriptionId: string; refundId: string };
  /** A stored provider notification, applied to its order. */
  'process-payment-webhook': { streamId: string };
  /**
   * News of an order to its customer (e-mail and notification). mailId is the job id: it keys
   * the sent e-mail and the notification, so a retry adds neither twice. `at` is when the news
   * happened; expiresAt (expiring_soon, renewal_reminder) is the expiry the notice announces.
   */
  /** expiresAt: the expiry the news is about; amountCents and months: what a renewal or a refund request was for. */
  'send-order-mail': {
    kind: OrderMailKind;
    subscriptionId: string;
    mailId: string;
    at: string;
    expiresAt?: string;
    amountCents?: number;
    months?: number;
    /** renewal_failed: when the declined charge is tried again (absent when no try is left). */
    retryAt?: string;
    /** refund_issued: the refund ended the subscription. */
    ended?: true;
    /** renewal_confirmed: the renewal's payment, whose invoice the confirmation carries (absent on jobs made before). */
    paymentReference?: string;
    /** order_received: the order's request for access before the withdrawal period ends, which the receipt confirms. */
    immediateAccess?: true;
  };
  /** Tells the operator (SUPPORT_EMAIL) of a new inquiry. mailId is the job id; `at` is when it was received. */
  'notify-support-of-inquiry': { inquiryId: string; mailId: string; at: string };
  /** E-mails the operator's reply to the inquiry's sender. mailId is the job id; `at` is when it was written. */
  'send-inquiry-reply': { inquiryId: string; replyId: string; mailId: string; at: string };
}
export type JobName = keyof JobDataByName;

/**
 * What any job's data may carry besides its own: the `traceparent` of the span that queued it
 * (tracing on), so that its run continues that trace wherever it runs.
 */
export interface JobTrace {
  traceparent?: string;
}

export interface JobRequest<N extends JobName = JobName> {
  name: N;
  data: JobDataByName[N] & JobTrace;
  /** Deduplication key: the id of the event that caused the job, so a replay enqueues nothing twice. */
  jobId: string;
  /** Run no earlier than this; now when absent. */
  runAt?: Date;
}

export type JobHandlers = { [N in JobName]: (data: JobDataByName[N]) => Promise<void> };

/** The handler for a job a queue names (BullMQ by any string), or undefined when there is none (yet). */
export const handlerOf = (handlers: JobHandlers | null, name: string) =>
  handlers?.[name as JobName] as ((data: unknown) => Promise<void>) | undefined;

/**
 * Every job is first a row of `queued_jobs` in PostgreSQL (the job ledger, `job-ledger.ts`), which
 * says whether it is pending, done or failed; the queue that runs it (BullMQ on Redis, or this
 * process) only holds a copy of the work, which `reconcile` restores from the ledger.
 */
export interface JobQueue {
  readonly kind: 'bullmq' | 'in-process';
  /** Records the jobs in the ledger (an id already there is left as it is), then hands the new ones over. */
  enqueue(jobs: readonly JobRequest[]): Promise<void>;
  /** Runs jobs with these handlers in this process (the worker role). */
  startProcessing(handlers: JobHandlers): Promise<void>;
  /** Enqueues a job every `everyMs`, once across all processes. */
  scheduleRepeating(name: JobName, everyMs: number): Promise<void>;
  /**
   * Makes the queue hold every pending job of the ledger and every repeating schedule again,
   * whatever it lost (Redis flushed or restarted without persistence, a hand-over that failed).
   * The worker calls it at start and then periodically.
   */
  reconcile(): Promise<{ handedOver: number }>;
  /** Gives failed jobs (by id, or all of them) their attempts back; answers the ids retried. */
  retry(ids: readonly string[] | 'all'): Promise<string[]>;
  /** Jobs waiting, delayed or running: for the CLI and tests. */
  counts(): Promise<{ waiting: number; delayed: number; active: number; failed: number }>;
  /** Whether the queue's own store answers (Redis), within `timeoutMs`; the in-process queue always does. */
  reachable(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export const JOB_ATTEMPTS = 6;
/** First pause after a failure, doubled at each attempt (JOB_BACKOFF_MS sets it). */
export const JOB_BACKOFF_MS = 1000;
