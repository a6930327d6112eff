import type { SecurityNotificationKind } from './notification-jobs.js';
import type { OrderMailKind } from './order-mail-jobs.js';

/** Every job the shop runs, with its data. A new job type is added here first. */
export interface JobDataByName {
  /** causationId: the PaymentConfirmed the timer was scheduled from (absent from the sweep and older timers). */
  'expire-subscription': { subscriptionId: string; causationId?: string };
  'sweep-expired-subscriptions': Record<string, never>;
  /** requestId is the PasswordResetRequested event id: one link per request, however often the job runs. */
  'send-password-reset': { userId: string; requestId: string; requestedAt: string; purpose?: 'welcome' };
  /** eventId is the security event's id and becomes the notification's id; `at` is when it was recorded. */
  'notify-user': { userId: string; kind: SecurityNotificationKind; eventId: string; at: string };
  /** A stored provider notification, applied to its order. */
  'process-payment-webhook': { streamId: string };
  /**
   * News of an order to its customer (e-mail and notification). mailId is the job id: it keys
   * the sent e-mail and the notification, so a retry adds neither twice. `at` is when the news
   * happened; expiresAt (expiring_soon) is the expiry the notice announces.
   */
  'send-order-mail': { kind: OrderMailKind; subscriptionId: string; mailId: string; at: string; expiresAt?: string };
  /** Tells the operator (SUPPORT_EMAIL) of a new inquiry. mailId is the job id; `at` is when it was received. */
  'notify-support-of-inquiry': { inquiryId: string; mailId: string; at: string };
}
export type JobName = keyof JobDataByName;

export interface JobRequest<N extends JobName = JobName> {
  name: N;
  data: JobDataByName[N];
  /** Deduplication key: the id of the event that caused the job, so a replay enqueues nothing twice. */
  jobId: string;
  /** Run no earlier than this; now when absent. */
  runAt?: Date;
}

export type JobHandlers = { [N in JobName]: (data: JobDataByName[N]) => Promise<void> };

export interface JobQueue {
  readonly kind: 'bullmq' | 'in-process';
  enqueue(jobs: readonly JobRequest[]): Promise<void>;
  /** Runs jobs with these handlers in this process (the worker role). */
  startProcessing(handlers: JobHandlers): Promise<void>;
  /** Enqueues a job every `everyMs`, once across all processes. */
  scheduleRepeating(name: JobName, everyMs: number): Promise<void>;
  /** Jobs waiting, delayed or running: for readiness and the CLI. */
  counts(): Promise<{ waiting: number; delayed: number; active: number; failed: number }>;
  close(): Promise<void>;
}

export const JOB_ATTEMPTS = 6;
export const JOB_BACKOFF_MS = 1000;
