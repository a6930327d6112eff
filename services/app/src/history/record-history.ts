import type { HistoryEntry } from '@shop/contracts';
import {
  accountStreamId,
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
}

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

  /** The entries as the back-office and `shopctl history` show them. */
  async entries(events: readonly RecordedEvent[], language: Language): Promise<HistoryEntry[]> {
    const names = await this.personNames(events);
    const opened = new Map<string, string | null>();
    const open = async (subject: string | null, sealed: string): Promise<string> => {
      if (!subject) return '[sealed]';
      const key = `${subject}\u0000${sealed}`;
      if (!opened.has(key)) opened.set(key, await this.deps.vault.open(this.deps.knex, subject, sealed));
      return opened.get(key) ?? ERASED_VALUE;
    };
    return Promise.all(
      events.map(async (event) => {
        const data = (await openSealed(event.data, (sealed) => open(dataSubject(event.streamId), sealed))) as Record<
          string,
          unknown
        >;
        const actor = actorOf(event, names, language);
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
          summary: summarize(event.type, data, { language, actorName: actor.name }),
          data,
        };
      }),
    );
  }

  /** The people who acted, by name as the accounts read model has it now (`[erased]` after an erasure). */
  private async personNames(events: readonly RecordedEvent[]): Promise<Map<string, string>> {
    const ids = new Set<string>();
    for (const { metadata } of events) {
      if (metadata.actor && (metadata.actor.type === 'admin' || metadata.actor.type === 'customer'))
        ids.add(metadata.actor.id);
    }
    if (ids.size === 0) return new Map();
    const rows = (await this.deps
      .knex('accounts')
      .whereIn('id', [...ids])
      .select('id', 'full_name', 'email')) as Array<{
      id: string;
      full_name: string | null;
      email: string | null;
    }>;
    return new Map(rows.map((row) => [row.id, row.full_name || row.email || row.id]));
  }
}

function actorOf(event: RecordedEvent, names: Map<string, string>, language: Language): HistoryEntry['actor'] {
  const actor = event.metadata.actor;
  if (!actor) return { type: 'unknown', id: null, name: language === 'fr' ? 'inconnu' : 'unknown' };
  switch (actor.type) {
    case 'admin':
    case 'customer':
      return { ...actor, name: names.get(actor.id) ?? actor.id };
    case 'provider':
      return { ...actor, name: providerName(actor.id) };
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
