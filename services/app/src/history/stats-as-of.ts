import {
  ACCOUNT_EVENT_TYPES,
  accountDecider,
  refundCountedOnItsDay,
  SUBSCRIPTION_EVENT_TYPES,
  subscriptionDecider,
  type AccountEvent,
  type AccountState,
  type SubscriptionEvent,
  type SubscriptionState,
} from '@shop/domain';
import { asDomainEvent, sleep, type EventStore, type RecordedEvent } from '@shop/event-store';
import { userSegmentOf, type CustomerStanding, type SubscriptionFigures } from '@shop/projections';

/** The shop's days and months are those of its customers: Paris time (as the live figures). */
const PARIS_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' });
const parisDay = (at: Date | string) => PARIS_DAY.format(new Date(at));
const CHART_DAYS = 30;

const SUBSCRIPTION_TYPES: ReadonlySet<string> = new Set(SUBSCRIPTION_EVENT_TYPES);
const ACCOUNT_TYPES: ReadonlySet<string> = new Set(ACCOUNT_EVENT_TYPES);

interface SubscriptionAsOf {
  state: SubscriptionState;
  /** From its last `PaymentConfirmed`: the state keeps the reference, not the instant. */
  paidAt: string | null;
  /** Its partial refunds of the order's and the renewals' payments (and the order's refunded while renewals are kept), each on its day. */
  partialRefunds: Array<{ paymentReference: string; cents: number; at: string }>;
}

interface AccountAsOf {
  state: AccountState;
  registeredAt: string;
}

/** The calendar day `days` before a `YYYY-MM-DD` day. */
const daysBefore = (day: string, days: number) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
};

/**
 * The dashboard's figures as they stood at `asOf`, folded from the log: every subscription and
 * account by the domain's own evolve functions, then the definitions of the live figures
 * (`subscriptionFigures` in the projections): active is status active with the expiry after
 * `asOf`, expired is the status or an active one past its expiry; revenue is what was paid and
 * not refunded; users are classified by the customers' list's rule (`userSegmentOf`); voided
 * subscriptions count nowhere, erased people count in no people's figure; months and the 30 days ending at `asOf` are Paris ones. Events recorded after `asOf` are
 * ignored, so the log can be fed as it is read. Pure: no clock, no database.
 */
export class DashboardFold {
  private readonly subscriptions = new Map<string, SubscriptionAsOf>();
  private readonly accounts = new Map<string, AccountAsOf>();
  private readonly at: number;

  constructor(readonly asOf: Date) {
    this.at = asOf.getTime();
  }

  /** Folds one event of the log; false when it was recorded after `asOf` (and is left out). */
  add(event: RecordedEvent): boolean {
    if (event.recordedAt.getTime() > this.at) return false;
    if (SUBSCRIPTION_TYPES.has(event.type)) {
      const domainEvent = asDomainEvent<SubscriptionEvent>(event);
      const id = domainEvent.data.subscriptionId;
      const known = this.subscriptions.get(id) ?? {
        state: subscriptionDecider.initialState(),
        paidAt: null,
        partialRefunds: [],
      };
      const counted = refundCountedOnItsDay(domainEvent);
      const partial = counted
        ? [{ paymentReference: counted.paymentReference, cents: counted.cents, at: counted.refundedAt }]
        : [];
      this.subscriptions.set(id, {
        state: subscriptionDecider.evolve(known.state, domainEvent),
        paidAt: domainEvent.type === 'PaymentConfirmed' ? domainEvent.data.paidAt : known.paidAt,
        partialRefunds: [...known.partialRefunds, ...partial],
      });
    } else if (ACCOUNT_TYPES.has(event.type)) {
      const domainEvent = asDomainEvent<AccountEvent>(event);
      const id = domainEvent.data.userId;
      const known = this.accounts.get(id);
      if (!known && domainEvent.type !== 'AccountRegistered') return true;
      this.accounts.set(id, {
        state: accountDecider.evolve(known?.state ?? accountDecider.initialState(), domainEvent),
        registeredAt: domainEvent.type === 'AccountRegistered' ? domainEvent.data.registeredAt : known!.registeredAt,
      });
    }
    return true;
  }

  figures(): SubscriptionFigures {
    const at = this.at;
    const month = parisDay(this.asOf).slice(0, 7);
    const lastDay = parisDay(this.asOf);
    const days = Array.from({ length: CHART_DAYS }, (_, i) => daysBefore(lastDay, CHART_DAYS - 1 - i));
    const byDay = new Map(days.map((day) => [day, { cents: 0, count: 0 }]));
    const standing = new Map<string, CustomerStanding>();
    let active = 0;
    let expired = 0;
    let pendingCredentials = 0;
    let total = 0;
    let withCredentials = 0;
    let revenue = 0;
    let revenueThisMonth = 0;

    for (const { state, paidAt, partialRefunds } of this.subscriptions.values()) {
      if (state.status === 'none' || state.voided) continue;
      total++;
      if (state.credentialsId !== null) withCredentials++;
      const expiry = state.expiresAt === null ? null : Date.parse(state.expiresAt);
      const isActive = state.status === 'active' && expiry !== null && expiry > at;
      if (isActive) {
        active++;
        if (state.credentialsId === null) pendingCredentials++;
      }
      if (state.status === 'expired' || (state.status === 'active' && expiry !== null && expiry <= at)) expired++;
      const earned = paidAt !== null && !state.refunded;
      if (earned) revenue += state.totalCents;
      if (paidAt !== null) {
        const paidDay = parisDay(paidAt);
        if (earned && paidDay.slice(0, 7) >= month) revenueThisMonth += state.totalCents;
        const day = byDay.get(paidDay);
        if (day) {
          day.count++;
          if (earned) day.cents += state.totalCents;
        }
      }
      // Each renewal paid is revenue of its own day, kept unless it or the order was refunded.
      for (const renewal of Object.values(state.renewals ?? {})) {
        if (!renewal.paid || renewal.paid.refunded || state.refunded) continue;
        revenue += renewal.totalCents;
        const renewalDay = parisDay(renewal.paid.paidAt);
        if (renewalDay.slice(0, 7) >= month) revenueThisMonth += renewal.totalCents;
        const day = byDay.get(renewalDay);
        if (day) day.cents += renewal.totalCents;
      }
      // What went back of a payment that still counts, on its day: not a renewal refunded in full
      // since, nor the order when that ended the subscription (refunded in full while renewals
      // paid after it are kept, the order counts as refunded in part, on the refund's day).
      for (const refund of partialRefunds) {
        const payment = state.payments?.[refund.paymentReference];
        if (state.refunded || !payment) continue;
        if (payment.kind === 'renewal' && payment.refundedCents >= payment.amountCents) continue;
        revenue -= refund.cents;
        const refundDay = parisDay(refund.at);
        if (refundDay.slice(0, 7) >= month) revenueThisMonth -= refund.cents;
        const day = byDay.get(refundDay);
        if (day) day.cents -= refund.cents;
      }
      // Each customer's standing, as the customers' list keeps it: this subscription is one they have.
      const customer = standing.get(state.userId) ?? { activeUntil: null, hasSubscription: true };
      if (state.status === 'active' && expiry !== null) {
        customer.activeUntil = Math.max(customer.activeUntil ?? expiry, expiry);
      }
      standing.set(state.userId, customer);
    }

    let totalUsers = 0;
    let newUsers = 0;
    let usersWith = 0;
    let usersExpired = 0;
    for (const [userId, account] of this.accounts) {
      if (account.state.status !== 'registered' || account.state.erased) continue;
      totalUsers++;
      if (parisDay(account.registeredAt).slice(0, 7) >= month) newUsers++;
      const segment = userSegmentOf(standing.get(userId), at);
      if (segment === 'with') usersWith++;
      else if (segment === 'expired') usersExpired++;
    }

    return {
      totalUsers,
      newUsersThisMonth: newUsers,
      activeSubscriptions: active,
      expiredSubscriptions: expired,
      totalRevenueCents: revenue,
      revenueThisMonthCents: revenueThisMonth,
      pendingCredentials,
      users: {
        with: usersWith,
        expired: usersExpired,
        without: totalUsers - usersWith - usersExpired,
        total: totalUsers,
      },
      subscriptions: { total, withCredentials, withoutCredentials: total - withCredentials, active },
      revenueByDay: days.map((date) => ({ date, cents: byDay.get(date)!.cents })),
      subscriptionsByDay: days.map((date) => ({ date, count: byDay.get(date)!.count })),
    };
  }
}

/**
 * How far past `asOf` the log is still read. The log's order is the appends' transaction order,
 * and an event's `recordedAt` is taken at its insert: an event later in the order can carry an
 * earlier `recordedAt` only when the transaction before it lasted that long. Appends are single
 * short transactions, so once the log shows an event recorded this long after `asOf`, no later
 * one can be recorded before it.
 */
export const LOG_ORDER_SLACK_MS = 5 * 60_000;
const PAGE = 2000;
/** How long to wait for appends still committing below the log's horizon before answering without them. */
const HORIZON_WAIT_MS = 10_000;

/**
 * The dashboard's figures as of an instant, read from the whole log in pages up to `asOf`. The
 * log shows only what is below the oldest transaction still in flight (`mayHaveMore`): the read
 * waits for it, as projectors do, so that an append committing late is not left out.
 */
export async function dashboardFiguresAsOf(
  store: Pick<EventStore, 'readAll'>,
  asOf: Date,
  options: { horizonWaitMs?: number } = {},
): Promise<{ figures: SubscriptionFigures; eventsRead: number }> {
  const fold = new DashboardFold(asOf);
  const stopAfter = asOf.getTime() + LOG_ORDER_SLACK_MS;
  const waitUntil = Date.now() + (options.horizonWaitMs ?? HORIZON_WAIT_MS);
  let after: string | null = null;
  let eventsRead = 0;
  for (;;) {
    const page = await store.readAll({ after, maxCount: PAGE });
    for (const event of page.events) {
      eventsRead++;
      fold.add(event);
      if (event.recordedAt.getTime() > stopAfter) return { figures: fold.figures(), eventsRead };
    }
    after = page.checkpoint;
    if (page.events.length > 0) continue;
    if (!page.mayHaveMore || Date.now() >= waitUntil) return { figures: fold.figures(), eventsRead };
    await sleep(20);
  }
}
