import { accountingSubject, inquiryDataSubject } from '@shop/domain';
import type { RecordedEvent } from '@shop/event-store';
import { ERASED_VALUE, isSealedValue, type PersonalDataVault } from '@shop/projections';
import type { Knex } from 'knex';

/**
 * An event as it leaves the shop, to an integrator's key on `GET /api/events` or to a webhook
 * endpoint: the same shape on both ways out, built by `toOutwardEvent` only.
 */
export interface OutwardEvent {
  id: string;
  type: string;
  /** The event's global position in the log: the feed's cursor. */
  position: number;
  recordedAt: string;
  streamId: string;
  data: Record<string, unknown>;
}

/** Opens one sealed value of a subject; null once the subject's key was destroyed (erasure). */
export type PersonalDataOpener = (subject: string, sealed: string) => Promise<string | null>;

export type OutwardEventOptions =
  /** Personal data removed: every sealed value, and the few plain ones listed below. */
  | { personalData: false }
  /** Personal data opened; `[erased]` where the person's key was destroyed. */
  | { personalData: true; open: PersonalDataOpener };

/**
 * Personal data the log holds in plain text (a business buyer's name and VAT number, which for a
 * sole trader name a person): the path of each field under `data`, per event type. Everything
 * else personal is sealed in the log (ADR 0004) and recognised by its seal.
 */
const PLAIN_PERSONAL_FIELDS: Readonly<Record<string, readonly (readonly string[])[]>> = {
  OrderPlaced: [
    ['billing', 'companyName'],
    ['billing', 'vatNumber'],
  ],
  InvoiceIssued: [['buyer', 'vatNumber']],
  CreditNoteIssued: [['buyer', 'vatNumber']],
};

/**
 * Secrets never leave, whatever the key's scopes: none is in the log today (ADR 0004, 0008), and
 * a field so named is dropped should one ever appear.
 */
const SECRET_FIELD = /^(password|passwordHash|secret|token|tokenHash|keyHash|totpSecret|recoveryCodes?)$/i;

/**
 * Fields that may carry a secret under another name, per event type: a webhook endpoint's address
 * often holds the receiver's token in its path (`/services/T000/B000/<token>`), and another
 * integrator reading the log has no use for it.
 */
const SECRET_PATHS: Readonly<Record<string, readonly (readonly string[])[]>> = {
  WebhookEndpointRegistered: [['url']],
};

/** The person (vault subject) whose key seals the personal data of a stream's events. */
export function personalDataSubject(streamId: string): string | null {
  if (streamId.startsWith('account-')) return streamId.slice('account-'.length);
  if (streamId.startsWith('inquiry-')) return inquiryDataSubject(streamId.slice('inquiry-'.length));
  const accounting = /^accounting-[A-Z](\d{4})$/.exec(streamId);
  if (accounting) return accountingSubject(Number(accounting[1]));
  return null;
}

/** Opens sealed values with the vault, each subject's key read once per opener. */
export function personalDataOpener(vault: PersonalDataVault, knex: Knex): PersonalDataOpener {
  const opened = new Map<string, Promise<string | null>>();
  return (subject, sealed) => {
    const key = `${subject}\u0000${sealed}`;
    let value = opened.get(key);
    if (!value) {
      value = vault.open(knex, subject, sealed);
      opened.set(key, value);
    }
    return value;
  };
}

/**
 * The one outward shape of an event. Without `personalData` every sealed value and every plain
 * personal field is removed from `data` (the key is absent, not null, so a reader cannot mistake
 * it for an empty value); with it sealed values are opened. Secrets are never included.
 */
export async function toOutwardEvent(event: RecordedEvent, options: OutwardEventOptions): Promise<OutwardEvent> {
  const subject = personalDataSubject(event.streamId);
  const reveal = async (sealed: string): Promise<string> =>
    options.personalData && subject ? ((await options.open(subject, sealed)) ?? ERASED_VALUE) : ERASED_VALUE;
  let data = (await outwardValue(event.data, options.personalData, reveal)) as Record<string, unknown> | undefined;
  data = withoutPaths(data ?? {}, SECRET_PATHS[event.type] ?? []);
  if (!options.personalData) data = withoutPaths(data, PLAIN_PERSONAL_FIELDS[event.type] ?? []);
  return {
    id: event.id,
    type: event.type,
    position: event.globalPosition,
    recordedAt: event.recordedAt.toISOString(),
    streamId: event.streamId,
    data,
  };
}

const REMOVED = Symbol('removed');

async function outwardValue(
  value: unknown,
  personalData: boolean,
  reveal: (sealed: string) => Promise<string>,
): Promise<unknown> {
  if (typeof value === 'string' && isSealedValue(value)) return personalData ? reveal(value) : REMOVED;
  if (Array.isArray(value)) {
    const items = await Promise.all(value.map((item) => outwardValue(item, personalData, reveal)));
    return items.filter((item) => item !== REMOVED);
  }
  if (value && typeof value === 'object') {
    const entries = await Promise.all(
      Object.entries(value)
        .filter(([key]) => !SECRET_FIELD.test(key))
        .map(async ([key, item]) => [key, await outwardValue(item, personalData, reveal)] as const),
    );
    return Object.fromEntries(entries.filter(([, item]) => item !== REMOVED));
  }
  return value;
}

function withoutPaths(data: Record<string, unknown>, paths: readonly (readonly string[])[]): Record<string, unknown> {
  let result = data;
  for (const path of paths) result = withoutPath(result, path);
  return result;
}

function withoutPath(data: Record<string, unknown>, path: readonly string[]): Record<string, unknown> {
  const [head, ...rest] = path;
  if (head === undefined || !(head in data)) return data;
  if (rest.length === 0) {
    const { [head]: _removed, ...others } = data;
    return others;
  }
  const inner = data[head];
  if (!inner || typeof inner !== 'object' || Array.isArray(inner)) return data;
  return { ...data, [head]: withoutPath(inner as Record<string, unknown>, rest) };
}
