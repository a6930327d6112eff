import {
  accountingSeriesStreamId,
  documentNumber,
  type AccountingCommand,
  type AccountingDocument,
} from '@shop/domain';
import { PostgresEventStore, type EventStore } from '@shop/event-store';
import { migrateToLatest } from '@shop/projections';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import knexFactory from 'knex';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingReads, netflixInvoiceDraft, seedInvoiceSeries } from '../testing/accounting-series.js';
import { AccountingCommands } from './accounting-commands.js';

const ACTOR = { actor: { type: 'system' as const, id: 'accounting' } };

let database: TestDatabase;
const closers: Array<() => Promise<unknown>> = [];

/** A process of its own: its pool, its store (reads counted), its knex, its command module. */
function issuer(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on('error', () => undefined);
  const store = new PostgresEventStore({ pool, listen: false });
  const knex = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 4 } });
  closers.push(
    () => knex.destroy(),
    () => store.close().then(() => pool.end()),
  );
  const counted = countingReads(store);
  return { store, knex, commands: new AccountingCommands({ store: counted.store, knex }), eventsRead: counted.read };
}

/** Issued on 1 March of `year`, paid a minute before, for the three months from then. */
const draft = (documentId: string, year: number) =>
  netflixInvoiceDraft(documentId, `${year}-03-01T10:00:00.000Z`, {
    paidAt: `${year}-03-01T09:59:00.000Z`,
    item: {
      planName: 'Netflix',
      months: 3,
      periodFrom: `${year}-03-01T09:59:00.000Z`,
      periodTo: `${year}-06-01T09:59:00.000Z`,
    },
  });

const issueInvoice = (documentId: string, year: number): AccountingCommand => ({
  type: 'IssueDocument',
  data: { kind: 'invoice', year, draft: draft(documentId, year) },
});

/** Appends `count` invoices to the year's series, as the shop issued them before the numbers table. */
const seedSeries = (store: EventStore, year: number, count: number) =>
  seedInvoiceSeries(store, year, count, (sequence) => draft(`invoice:seed-${sequence}`, year));

const sequencesOf = async (store: EventStore, year: number) =>
  (await store.readStream(accountingSeriesStreamId('invoice', year))).map(
    (event) => (event.data as AccountingDocument).sequence,
  );

beforeAll(async () => {
  database = await createTestDatabase('accounting_commands');
  const knex = knexFactory({ client: 'pg', connection: database.url, pool: { min: 0, max: 1 } });
  await migrateToLatest(knex);
  await knex.destroy();
});

afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await database?.drop();
});

describe('numbering accounting documents', () => {
  it('issues the next document of a long series reading one event of it, however long the year', async () => {
    const year = 2041;
    const { store, knex, commands, eventsRead } = issuer(database.url);
    await seedSeries(store, year, 2_000);

    // A series numbered before its documents' numbers were kept: filled from its stream, once.
    expect(await commands.issue(issueInvoice('invoice:first', year), ACTOR)).toBe('F2041-002001');
    // The next document reads the series' last event, not the 2,001 before it.
    const before = eventsRead();
    expect(await commands.issue(issueInvoice('invoice:next', year), ACTOR)).toBe('F2041-002002');
    expect(eventsRead() - before).toBeLessThanOrEqual(1);
    const { n } = (
      await knex('accounting_document_numbers').where({ series_stream: 'accounting-F2041' }).count({
        n: '*',
      })
    )[0] as { n: string };
    expect(Number(n)).toBe(2_002);

    // A retried job: its original number, nothing appended, nothing of the series read.
    const retried = eventsRead();
    expect(await commands.issue(issueInvoice('invoice:first', year), ACTOR)).toBe('F2041-002001');
    expect(await commands.issue(issueInvoice('invoice:seed-17', year), ACTOR)).toBe('F2041-000017');
    expect(eventsRead()).toBe(retried);
    expect(await sequencesOf(store, year)).toEqual(Array.from({ length: 2_002 }, (_, i) => i + 1));
  });

  it('numbers documents issued at once by several processes 1..N, each document once, however often it is issued', async () => {
    const year = 2042;
    const processes = [issuer(database.url), issuer(database.url), issuer(database.url)];
    const documents = Array.from({ length: 45 }, (_, i) => `invoice:concurrent-${i}`);
    // Every document issued twice at the same moment by two processes (a job handed over twice).
    const answers = await Promise.all(
      documents.flatMap((documentId, i) =>
        [i, i + 1].map(async (p) => ({
          documentId,
          number: await processes[p % processes.length]!.commands.issue(issueInvoice(documentId, year), ACTOR),
        })),
      ),
    );
    const numberOf = new Map<string, string>();
    for (const { documentId, number } of answers) {
      expect(numberOf.get(documentId) ?? number).toBe(number);
      numberOf.set(documentId, number);
    }
    const expected = Array.from({ length: documents.length }, (_, i) => documentNumber('invoice', year, i + 1));
    expect([...numberOf.values()].sort()).toEqual(expected);

    const { store, knex } = processes[0]!;
    const series = await store.readStream(accountingSeriesStreamId('invoice', year));
    expect(series.map((event) => (event.data as AccountingDocument).sequence)).toEqual(
      Array.from({ length: documents.length }, (_, i) => i + 1),
    );
    const logged = series.map((event) => (event.data as AccountingDocument).documentId).sort();
    expect(logged).toEqual([...documents].sort());
    const rows = (await knex('accounting_document_numbers')
      .where({ series_stream: accountingSeriesStreamId('invoice', year) })
      .select('document_id', 'number')) as Array<{ document_id: string; number: string }>;
    expect(Object.fromEntries(rows.map((row) => [row.document_id, row.number]))).toEqual(Object.fromEntries(numberOf));

    // Later, the same document again: its first number.
    expect(await processes[2]!.commands.issue(issueInvoice(documents[7]!, year), ACTOR)).toBe(
      numberOf.get(documents[7]!),
    );
    expect(await sequencesOf(store, year)).toHaveLength(documents.length);
  });

  it('fills the numbers from a PostgreSQL log when the shop is upgraded, so an old document keeps its number', async () => {
    const upgraded = await createTestDatabase('accounting_numbers_upgrade');
    closers.push(() => upgraded.drop());
    const year = 2043;
    // Its pools close before its database is dropped (closers run last first).
    const { store, knex, commands, eventsRead } = issuer(upgraded.url);
    await seedSeries(store, year, 30);
    await migrateToLatest(knex);
    const rows = (await knex('accounting_document_numbers').orderBy('number').select('*')) as Array<{
      document_id: string;
      number: string;
      series_stream: string;
    }>;
    expect(rows).toHaveLength(30);
    expect(rows[4]).toEqual({
      document_id: 'invoice:seed-5',
      number: 'F2043-000005',
      series_stream: 'accounting-F2043',
    });
    expect(await commands.issue(issueInvoice('invoice:seed-5', year), ACTOR)).toBe('F2043-000005');
    expect(await commands.issue(issueInvoice('invoice:new', year), ACTOR)).toBe('F2043-000031');
    expect(eventsRead()).toBeLessThanOrEqual(1);
  });
});
