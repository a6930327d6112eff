import type { HistoryEntry } from '@shop/contracts';
import {
  accountStreamId,
  apiKeyActorId,
  apiKeyOfActor,
  apiKeyStreamId,
  credentialRevealStreamId,
  credentialSetStreamId,
  inquiryDataSubject,
  inquiryStreamId,
  subscriptionStreamId,
  type Language,
} from '@shop/domain';
import type { EventStore, RecordedEvent } from '@shop/event-store';
import { ERASED_VALUE, isSealedValue, type PersonalDataVault } from '@shop/projections';
import type { Knex } from 'knex';
import { providerName, summarize } from './event-summaries.js';

export interface RecordHistoryDependencies {
  store: EventStore;
  knex: Knex;
  vault: PersonalDataVault;
  /** The shop's time zone (SHOP_TIME_ZONE): the summaries' dates are written in it. */
  timeZone: string;
}

const SUBSCRIPTION_STREAM = subscriptionStreamId('');

/** A person's sign-ins and sign-outs: a customer's history hides them unless asked. */
export const SIGN_IN_EVENTS: ReadonlySet<string> = new Set(['SignedIn', 'SignInFailed', 'SignedOut', 'SessionRevoked']);

/** What a customer's history is narrowed to: event types, sign-ins or not, up to an instant. */
export interface HistoryFilter {
  types?: readonly string[];
  signIns?: boolean;
  asOf?: Date;
}

/** The events `filter` keeps, in the same order. */
export function filterHistory(events: readonly RecordedEvent[], filter: HistoryFilter): RecordedEvent[] {
  const types = filter.types && filter.types.length > 0 ? new Set(filter.types) : null;
  return events.filter(
    (event) =>
      (!types || types.has(event.type)) &&
      (filter.signIns !== false || types?.has(event.type) || !SIGN_IN_EVENTS.has(event.type)) &&
      (!filter.asOf || event.recordedAt.getTime() <= filter.asOf.getTime()),
  );
}

/** How an erased person is named, in the reader's language. */
export const ERASED_NAME: Record<Language, string> = { fr: '[effacé]', en: '[erased]' };

/** The events that say who a person is: their name as it stood at an event is folded from these. */
const NAMING_EVENTS: ReadonlySet<string> = new Set([
  'AccountRegistered',
  'ProfileUpdated',
  'EmailChanged',
  'PersonalDataErased',
]);

/** What a subscription's history shows of its customer's account: who they are, not each sign-in. */
const IDENTITY_EVENTS: ReadonlySet<string> = new Set([
  'AccountRegistered',
  'EmailChanged',
  'ProfileUpdated',
  'RoleGranted',
  'PersonalDataErased',
]);

const SYSTEM_NAMES: Record<string, Record<Language, string>> = {
  expiry: { fr: "tâche d'expiration", en: 'expiry job' },
  'abandoned-orders': { fr: 'tâche des commandes abandonnées', en: 'abandoned orders job' },
  'catalogue-seed': { fr: 'catalogue de lancement', en: 'launch catalogue' },
  'promotion-seed': { fr: 'codes promo de lancement', en: 'launch promo codes' },
  'sign-in-guard': { fr: 'protection des connexions', en: 'sign-in guard' },
  'session-guard': { fr: 'protection des sessions', en: 'session guard' },
  'password-reset': { fr: 'réinitialisation du mot de passe', en: 'password reset' },
  'admin-emails': { fr: 'liste des administrateurs', en: 'administrators list' },
};

/** Older webhook outcomes name their cause by id only: `<provider>:<event id>` lives in `webhook-<provider>-<event id>`. */
function causeStream(event: RecordedEvent): string | null {
  const { causationId, causationStreamId } = event.metadata;
  if (typeof causationStreamId === 'string') return causationStreamId;
  const webhook = typeof causationId === 'string' ? /^([a-z]+):(.+)$/.exec(causationId) : null;
  return webhook ? `webhook-${webhook[1]}-${webhook[2]}` : null;
}

/**
 * The history of one subscription or one customer, from the log alone: the record's own stream
 * and the streams tied to it (what caused a payment, the credential sets assigned, the account,
 * the customer's inquiries), in the log's order.
 */
export class RecordHistory {
  constructor(private readonly deps: RecordHistoryDependencies) {}

  /** Null when no such subscription was ever recorded. */
  async ofSubscription(subscriptionId: string): Promise<RecordedEvent[] | null> {
    const own = await this.deps.store.readStream(subscriptionStreamId(subscriptionId));
    if (own.length === 0) return null;
    const userId = own.find((event) => event.type === 'OrderPlaced')?.data as { userId?: string } | undefined;
    const account = userId?.userId ? await this.deps.store.readStream(accountStreamId(userId.userId)) : [];
    return inLogOrder([
      ...own,
      ...(await this.tiedTo(own)),
      ...account.filter((event) => IDENTITY_EVENTS.has(event.type)),
    ]);
  }

  /** Null when no such account was ever recorded. */
  async ofUser(userId: string): Promise<RecordedEvent[] | null> {
    const account = await this.deps.store.readStream(accountStreamId(userId));
    if (account.length === 0) return null;
    // Voided subscriptions too: their history stays.
    const [subscriptions, inquiries] = await Promise.all([
      this.deps.knex('subscriptions').where({ user_id: userId }).pluck('id') as Promise<string[]>,
      this.deps.knex('inquiries').where({ user_id: userId }).pluck('id') as Promise<string[]>,
    ]);
    const streams = await Promise.all([
      ...subscriptions.map((id) => this.deps.store.readStream(subscriptionStreamId(id))),
      ...inquiries.map((id) => this.deps.store.readStream(inquiryStreamId(id))),
      // The credential sets' passwords they read.
      this.deps.store.readStream(credentialRevealStreamId(userId)),
    ]);
    const own = streams.flat();
    return inLogOrder([...account, ...own, ...(await this.tiedTo(own))]);
  }

  /** The events that caused some of these (a webhook, a sync's observation) and the credential sets they assigned. */
  private async tiedTo(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    const causes = new Map<string, Set<string>>();
    const credentialSets = new Set<string>();
    for (const event of events) {
      const stream = causeStream(event);
      if (stream && stream !== event.streamId) {
        const ids = causes.get(stream) ?? new Set<string>();
        ids.add(String(event.metadata.causationId));
        causes.set(stream, ids);
      }
      if (event.type === 'CredentialsAssigned') {
        credentialSets.add(String((event.data as { credentialsId: string }).credentialsId));
      }
    }
    const [caused, sets] = await Promise.all([
      Promise.all(
        [...causes].map(async ([stream, ids]) =>
          (await this.deps.store.readStream(stream)).filter((event) => ids.has(event.id)),
        ),
      ),
      Promise.all([...credentialSets].map((id) => this.deps.store.readStream(credentialSetStreamId(id)))),
    ]);
    return [...caused.flat(), ...sets.flat()];
  }

  /**
   * The entries as the back-office and `shopctl history` show them: each actor named as they were
   * when they acted, dates in the shop's time zone (UTC with `utc`), and in a customer's history
   * the subscription each line belongs to.
   */
  async entries(
    events: readonly RecordedEvent[],
    language: Language,
    options: { utc?: boolean } = {},
  ): Promise<HistoryEntry[]> {
    const opened = new Map<string, string | null>();
    const openOrNull = async (subject: string, sealed: string): Promise<string | null> => {
      const key = `${subject}\u0000${sealed}`;
      if (!opened.has(key)) opened.set(key, await this.deps.vault.open(this.deps.knex, subject, sealed));
      return opened.get(key) ?? null;
    };
    const open = async (subject: string | null, sealed: string): Promise<string> =>
      subject ? ((await openOrNull(subject, sealed)) ?? ERASED_VALUE) : '[sealed]';
    const [nameAt, subscriptions] = await Promise.all([
      this.namesAsOf(events, language, openOrNull),
      this.subscriptionsOf(events),
    ]);
    return Promise.all(
      events.map(async (event) => {
        const data = (await openSealed(event.data, (sealed) => open(dataSubject(event.streamId), sealed))) as Record<
          string,
          unknown
        >;
        const actor = actorOf(event, nameAt, language);
        return {
          id: event.id,
          position: event.globalPosition,
          streamId: event.streamId,
          version: event.streamVersion,
          type: event.type,
          recordedAt: event.recordedAt.toISOString(),
          actor,
          correlationId: typeof event.metadata.correlationId === 'string' ? event.metadata.correlationId : null,
          causationId: typeof event.metadata.causationId === 'string' ? event.metadata.causationId : null,
          summary: summarize(event.type, data, {
            language,
            actorName: actor.name,
            timeZone: this.deps.timeZone,
            utc: options.utc === true,
          }),
          data,
          subscription: subscriptions.get(event.id) ?? null,
        };
      }),
    );
  }

  /**
   * The subscription each event belongs to: a subscription's own events, and what caused them (a
   * notification, a sync's observation); its plan's name from its order.
   */
  private async subscriptionsOf(
    events: readonly RecordedEvent[],
  ): Promise<Map<string, { id: string; planName: string }>> {
    const ids = new Set<string>();
    for (const event of events)
      if (event.streamId.startsWith(SUBSCRIPTION_STREAM)) ids.add(event.streamId.slice(SUBSCRIPTION_STREAM.length));
    if (ids.size === 0) return new Map();
    const rows = (await this.deps
      .knex('subscriptions')
      .whereIn('id', [...ids])
      .select('id', 'plan_name')) as Array<{
      id: string;
      plan_name: string | null;
    }>;
    const planNames = new Map(rows.map((row) => [row.id, row.plan_name ?? '']));
    const byEvent = new Map<string, { id: string; planName: string }>();
    for (const event of events) {
      if (!event.streamId.startsWith(SUBSCRIPTION_STREAM)) continue;
      const id = event.streamId.slice(SUBSCRIPTION_STREAM.length);
      const label = { id, planName: planNames.get(id) || orderedPlan(events, event.streamId) };
      byEvent.set(event.id, label);
      const cause = event.metadata.causationId;
      if (typeof cause === 'string' && !byEvent.has(cause)) byEvent.set(cause, label);
    }
    return byEvent;
  }

  /**
   * Each person who acted, named as they were when they acted: their account's events up to that
   * event's position folded (name, else e-mail address); `[erased]`, in the reader's language,
   * once their personal data cannot be opened.
   */
  private async namesAsOf(
    events: readonly RecordedEvent[],
    language: Language,
    open: (subject: string, sealed: string) => Promise<string | null>,
  ): Promise<(actorId: string, position: number) => string> {
    const ids = new Set<string>();
    for (const { metadata } of events) {
      if (metadata.actor && (metadata.actor.type === 'admin' || metadata.actor.type === 'customer'))
        ids.add(metadata.actor.id);
    }
    const timelines = new Map<string, Array<{ position: number; name: string }>>();
    await Promise.all(
      [...ids].map(async (id) => {
        const keyId = apiKeyOfActor(id);
        if (keyId) {
          timelines.set(id, [{ position: 0, name: await this.apiKeyName(keyId, language) }]);
          return;
        }
        const account = await this.deps.store.readStream(accountStreamId(id));
        const timeline: Array<{ position: number; name: string }> = [];
        let fullName: string | null = null;
        let email: string | null = null;
        for (const event of account) {
          if (!NAMING_EVENTS.has(event.type)) continue;
          const data = event.data as { fullName?: unknown; email?: unknown };
          if (event.type === 'PersonalDataErased') {
            timeline.push({ position: event.globalPosition, name: ERASED_NAME[language] });
            continue;
          }
          const opened = async (value: unknown) =>
            typeof value !== 'string' ? null : isSealedValue(value) ? await open(id, value) : value;
          const sealedName = 'fullName' in data ? await opened(data.fullName) : undefined;
          const sealedEmail = 'email' in data ? await opened(data.email) : undefined;
          if (sealedName !== undefined) fullName = sealedName;
          if (sealedEmail !== undefined) email = sealedEmail;
          const erased = (sealedName === null && 'fullName' in data) || (sealedEmail === null && 'email' in data);
          timeline.push({
            position: event.globalPosition,
            name: erased ? ERASED_NAME[language] : fullName || email || id,
          });
        }
        timelines.set(id, timeline);
      }),
    );
    return (actorId, position) => {
      const timeline = timelines.get(actorId) ?? [];
      let name: string | null = null;
      for (const step of timeline) {
        if (step.position > position) break;
        name = step.name;
      }
      // Acting before their account said who they were (an operator's account opened by the launch
      // list): named by the first name it recorded.
      return name ?? timeline[0]?.name ?? actorId;
    };
  }

  /** An API key that acted (ADR 0034), by the name the owner gave it. */
  private async apiKeyName(keyId: string, language: Language): Promise<string> {
    const events = await this.deps.store.readStream(apiKeyStreamId(keyId));
    const created = events.find((event) => event.type === 'ApiKeyCreated')?.data as { name?: unknown } | undefined;
    const name = created?.name;
    if (typeof name !== 'string') return apiKeyActorId(keyId);
    return language === 'fr' ? `clé d’API « ${name} »` : `API key "${name}"`;
  }
}

/** A subscription's plan name as its order recorded it, when the read model has none. */
function orderedPlan(events: readonly RecordedEvent[], streamId: string): string {
  const order = events.find((event) => event.streamId === streamId && event.type === 'OrderPlaced');
  const planName = (order?.data as { planName?: unknown } | undefined)?.planName;
  return typeof planName === 'string' ? planName : '';
}

function actorOf(
  event: RecordedEvent,
  nameAt: (actorId: string, position: number) => string,
  language: Language,
): HistoryEntry['actor'] {
  const actor = event.metadata.actor;
  if (!actor) return { type: 'unknown', id: null, name: language === 'fr' ? 'inconnu' : 'unknown' };
  switch (actor.type) {
    case 'admin':
    case 'customer':
      return { ...actor, name: nameAt(actor.id, event.globalPosition) };
    case 'provider':
      return { ...actor, name: providerName(actor.id, language) };
    case 'system': {
      const shopctl = /^shopctl:(.*)$/.exec(actor.id);
      const name = shopctl ? `shopctl (${shopctl[1]})` : (SYSTEM_NAMES[actor.id]?.[language] ?? actor.id);
      return { ...actor, name };
    }
  }
}

/** Whose key seals the personal data in a stream's events: the account's person, or the inquiry's own. */
function dataSubject(streamId: string): string | null {
  if (streamId.startsWith('account-')) return streamId.slice('account-'.length);
  if (streamId.startsWith('inquiry-')) return inquiryDataSubject(streamId.slice('inquiry-'.length));
  return null;
}

async function openSealed(value: unknown, open: (sealed: string) => Promise<string>): Promise<unknown> {
  if (typeof value === 'string') return isSealedValue(value) ? open(value) : value;
  if (Array.isArray(value)) return Promise.all(value.map((item) => openSealed(item, open)));
  if (value && typeof value === 'object') {
    const entries = await Promise.all(
      Object.entries(value).map(async ([key, item]) => [key, await openSealed(item, open)] as const),
    );
    return Object.fromEntries(entries);
  }
  return value;
}

function inLogOrder(events: RecordedEvent[]): RecordedEvent[] {
  const unique = new Map(events.map((event) => [event.id, event]));
  return [...unique.values()].sort((a, b) => a.globalPosition - b.globalPosition);
}
