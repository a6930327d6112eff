import { formatShopTime } from '@shop/domain';
import { asOfInstant, type HistoryEntry, type SubscriptionAsOf } from '@shop/contracts';
import type { Language } from '@shop/domain';
import type { RecordedEvent } from '@shop/event-store';
import { InvalidArgumentError, type Command } from 'commander';
import { listCredentialReveals } from '@shop/projections';
import { filterHistory, RecordHistory } from '../history/record-history.js';
import { subscriptionAsOf } from '../history/state-as-of.js';
import { withRuntime } from './cli-runtime.js';

interface HistoryOptions {
  asOf?: Date;
  json?: boolean;
  lang: Language;
  utc?: boolean;
  signIns?: boolean;
  type?: string[];
}

/** How an instant is printed: in the shop's time zone with its offset, or in UTC with `--utc`. */
export type ShowTime = (instant: string | Date) => string;

const timeShown =
  (timeZone: string, utc: boolean | undefined): ShowTime =>
  (instant) =>
    formatShopTime(instant, timeZone, { utc });

/** The same rule as the API's `?asOf=`: an ISO 8601 instant with its offset. */
const instant = (value: string): Date => {
  const parsed = asOfInstant.safeParse(value);
  if (!parsed.success)
    throw new InvalidArgumentError('must be an ISO 8601 instant with offset, e.g. 2026-11-24T12:00:00Z');
  return parsed.data;
};

const language = (value: string): Language => {
  if (value !== 'fr' && value !== 'en') throw new InvalidArgumentError('must be fr or en');
  return value;
};

/** One line per event, oldest first; the cause named by its position when it is in the list. */
export function formatHistory(entries: readonly HistoryEntry[], time: ShowTime): string {
  const positions = new Map(entries.map((entry) => [entry.id, entry.position]));
  const rows = entries.map((entry) => {
    const cause = entry.causationId
      ? positions.has(entry.causationId)
        ? `  ← caused by #${positions.get(entry.causationId)}`
        : `  ← caused by ${entry.causationId}`
      : '';
    return [
      `#${entry.position}`,
      time(entry.recordedAt),
      `${entry.streamId}@${entry.version}`,
      entry.type,
      entry.subscription ? `${entry.subscription.planName} ${entry.subscription.id.slice(0, 8)}` : '-',
      entry.actor.name,
      `${entry.summary}${cause}`,
    ];
  });
  const header = ['position', 'recorded at', 'stream@version', 'type', 'subscription', 'actor', 'summary'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const last = header.length - 1;
  return [header, ...rows]
    .map((row) => row.map((cell, i) => (i === last ? cell : cell.padEnd(widths[i]!))).join('  '))
    .join('\n');
}

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;

export function formatState(state: SubscriptionAsOf, time: ShowTime): string {
  const credentials = state.credentialsId
    ? `${state.credentialsId}${state.credentialsVersion === null ? '' : ` version ${state.credentialsVersion}`}`
    : 'none';
  return [
    `Subscription ${state.id} as of ${time(state.asOf)}:`,
    `  status       ${state.status}${state.refunded ? ' (refunded)' : ''}${state.voided ? ' (voided)' : ''}`,
    `  plan         ${state.planName}, ${state.months} month(s)`,
    `  expires      ${state.expiresAt ? time(state.expiresAt) : '-'}`,
    `  price paid   ${state.paymentReference ? money(state.totalCents, state.currency) : `not paid (${money(state.totalCents, state.currency)} due)`}`,
    `  credentials  ${credentials}`,
    `  version      ${state.version} (last event ${state.lastEventType} at ${time(state.lastEventAt)})`,
  ].join('\n');
}

/**
 * `shopctl history subscription|user <id>`: the history the back-office shows, from the same
 * service (`RecordHistory`), and for a subscription its state as of an instant (`subscriptionAsOf`).
 */
export function registerHistoryCommands(program: Command): void {
  const history = program
    .command('history')
    .description('The history of a subscription or a customer, as the back-office shows it, oldest first');

  const withOptions = (command: Command) =>
    command
      .argument('<id>')
      .option('--as-of <instant>', 'only the events recorded up to this ISO 8601 instant', instant)
      .option('--json', 'print one JSON entry per line (NDJSON)')
      .option('--lang <language>', 'language of the summaries: fr or en', language, 'fr' as Language)
      .option('--utc', "print instants in UTC instead of the shop's time zone (SHOP_TIME_ZONE)")
      .option('--type <types...>', 'only these event types (OrderPlaced, PaymentConfirmed, …)')
      .option('--sign-ins', "a customer's sign-ins and sign-outs too (left out by default, as in the back-office)");

  const print = async (
    kind: 'subscription' | 'user',
    id: string,
    options: HistoryOptions,
    read: (history: RecordHistory) => Promise<RecordedEvent[] | null>,
  ) => {
    await withRuntime(async ({ store, knex, vault, config }) => {
      const records = new RecordHistory({ store, knex, vault, timeZone: config.shopTimeZone });
      const time = timeShown(config.shopTimeZone, options.utc);
      const events = await read(records);
      if (!events) {
        console.error(`shopctl: no ${kind} ${id}`);
        process.exitCode = 1;
        return;
      }
      const asOf = options.asOf;
      const state = kind === 'subscription' && asOf ? await subscriptionAsOf({ store, knex }, id, asOf) : null;
      if (kind === 'subscription' && asOf && !state) {
        console.error(`shopctl: subscription ${id} did not exist yet at ${time(asOf)}`);
        process.exitCode = 1;
        return;
      }
      const shown = filterHistory(events, { asOf, types: options.type, signIns: options.signIns === true });
      const entries = await records.entries(shown, options.lang, { utc: options.utc });
      if (options.json) {
        for (const entry of entries) console.log(JSON.stringify(entry));
        if (state) console.log(JSON.stringify({ state }));
        return;
      }
      console.log(formatHistory(entries, time));
      if (state) console.log(`\n${formatState(state, time)}`);
    });
  };

  withOptions(history.command('subscription'))
    .description(
      'A subscription: its events, what caused them, the credential sets assigned, its customer; with --as-of, also its state then',
    )
    .action((id: string, options: HistoryOptions) =>
      print('subscription', id, options, (records) => records.ofSubscription(id)),
    );

  withOptions(history.command('user'))
    .description(
      'A customer: their account, their subscriptions and inquiries, what caused each payment, the passwords they read',
    )
    .action((id: string, options: HistoryOptions) => print('user', id, options, (records) => records.ofUser(id)));

  history
    .command('reveals')
    .description("Who read which credential set's password (and which version), when: newest first")
    .option('--user <email or id>', 'only what this person read')
    .option('--set <id>', 'only the readings of this credential set')
    .option('--json', 'print one JSON reading per line (NDJSON)')
    .option('--utc', "print instants in UTC instead of the shop's time zone (SHOP_TIME_ZONE)")
    .action(async (options: { user?: string; set?: string; json?: boolean; utc?: boolean }) => {
      await withRuntime(async ({ knex, config }) => {
        const time = timeShown(config.shopTimeZone, options.utc);
        let userId: string | undefined;
        if (options.user !== undefined) {
          const account = (await knex('accounts')
            .where('id', options.user)
            .orWhere('email', options.user.trim().toLowerCase())
            .first('id')) as { id: string } | undefined;
          if (!account) {
            console.error(`shopctl: no user ${options.user}`);
            process.exitCode = 1;
            return;
          }
          userId = account.id;
        }
        const { data } = await listCredentialReveals(knex, {
          sort: { field: 'position', order: 'desc' },
          range: { from: 0, to: 9999 },
          filter: { userId, credentialSetId: options.set },
        });
        if (options.json) {
          for (const reveal of data) console.log(JSON.stringify(reveal));
          return;
        }
        if (data.length === 0) {
          console.log('No reading recorded');
          return;
        }
        const rows = data.map((reveal) => [
          `#${reveal.position}`,
          time(reveal.revealedAt),
          `${reveal.userName ?? reveal.userId} (${reveal.viewer})`,
          reveal.credentialSetId,
          reveal.credentialsVersion === null ? '?' : String(reveal.credentialsVersion),
          reveal.subscriptionId ?? '-',
          reveal.reason ?? '-',
        ]);
        const header = ['position', 'revealed at', 'reader', 'credential set', 'version', 'subscription', 'reason'];
        const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
        console.log(
          [header, ...rows]
            .map((row) =>
              row
                .map((cell, i) => cell.padEnd(widths[i]!))
                .join('  ')
                .trimEnd(),
            )
            .join('\n'),
        );
      });
    });
}
