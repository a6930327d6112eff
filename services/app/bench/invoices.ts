import { randomUUID } from 'node:crypto';
import { accountingSeriesStreamId } from '@shop/domain';
import { PostgresEventStore } from '@shop/event-store';
import knexFactory from 'knex';
import { AccountingCommands } from '../src/invoicing/accounting-commands.js';
import { countingReads, netflixInvoiceDraft, seedInvoiceSeries } from '../src/testing/accounting-series.js';
import { benchPool } from './database.js';
import { round, summarize, type LatencySummary } from './stats.js';

export interface InvoiceCase extends LatencySummary {
  case: string;
  /** Documents the series held before the case. */
  seriesSize: number;
  issuers: number;
  seconds: number;
  issuesPerSecond: number;
  /** Events read from the store per document issued (the series' stream and any other). */
  eventsReadPerIssue: number;
}

export interface InvoiceFigures {
  /** One event appended to a fresh stream, as many times: the floor an issue cannot go below. */
  reference: LatencySummary & { case: string };
  seedSeconds: number;
  cases: InvoiceCase[];
  /** Whether every measured series ended numbered 1..N without a gap or a duplicate. */
  gapless: boolean;
}

const SEED_BATCH = 500;
const ISSUERS_AT_ONCE = 4;

const draft = (documentId: string, issuedAt: string) =>
  netflixInvoiceDraft(documentId, issuedAt, {
    buyer: { name: 'pd1:bench', country: 'FR', companyName: null, vatNumber: null },
  });

/**
 * The cost of issuing an invoice as the year's series grows: series of 0, 1,000 and 10,000
 * documents (seeded by appending `InvoiceIssued` events in batches, with their rows in
 * `accounting_document_numbers`, as the shop would have issued them), then documents issued one after the other, and by several issuers at once, each case
 * for `issues` documents or `maxCaseMs`, whichever comes first.
 */
export async function benchInvoices(
  databaseUrl: string,
  options: { sizes: readonly number[]; issues: number; maxCaseMs: number },
): Promise<InvoiceFigures> {
  const pool = benchPool(databaseUrl, 12);
  const knex = knexFactory({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 8 } });
  const base = new PostgresEventStore({ pool, listen: false });
  const { store, read } = countingReads(base);
  const commands = new AccountingCommands({ store, knex });
  try {
    await base.head();
    const referenceLatencies: number[] = [];
    for (let i = 0; i < options.issues; i++) {
      const started = performance.now();
      await base.appendToStream(`bench-reference-${randomUUID()}`, [{ type: 'BenchReference', data: { i } }], {
        expectedVersion: 'no_stream',
      });
      referenceLatencies.push(performance.now() - started);
    }

    let seedMs = 0;
    let gapless = true;
    const cases: InvoiceCase[] = [];
    for (const [index, size] of options.sizes.entries()) {
      // A year of its own per size: a series of its own, far from the shop's real ones.
      const year = 2101 + index;
      const issuedAt = `${year}-06-01T10:00:00.000Z`;
      const streamId = accountingSeriesStreamId('invoice', year);
      const seedStarted = performance.now();
      await seedInvoiceSeries(base, year, size, (sequence) => draft(`invoice:seed-${year}-${sequence}`, issuedAt), {
        batch: SEED_BATCH,
        // And their numbers, which the shop writes with each document's event.
        afterBatch: (documents) =>
          knex('accounting_document_numbers').insert(
            documents.map(({ documentId, number }) => ({ document_id: documentId, number, series_stream: streamId })),
          ),
      });
      seedMs += performance.now() - seedStarted;

      for (const issuers of [1, ISSUERS_AT_ONCE]) {
        const latencies: number[] = [];
        const readBefore = read();
        const started = performance.now();
        const until = started + options.maxCaseMs;
        let next = 0;
        const issuer = async () => {
          while (next < options.issues && performance.now() < until) {
            const documentId = `invoice:bench-${year}-${issuers}-${next++}`;
            const began = performance.now();
            await commands.issue(
              { type: 'IssueDocument', data: { kind: 'invoice', year, draft: draft(documentId, issuedAt) } },
              { actor: { type: 'system', id: 'bench' } },
            );
            latencies.push(performance.now() - began);
          }
        };
        await Promise.all(Array.from({ length: issuers }, issuer));
        const seconds = (performance.now() - started) / 1000;
        cases.push({
          case: `${size} in the series, ${issuers} issuer${issuers > 1 ? 's' : ''}`,
          seriesSize: size,
          issuers,
          seconds: round(seconds, 2),
          issuesPerSecond: round(latencies.length / seconds, 1),
          eventsReadPerIssue: round((read() - readBefore) / Math.max(1, latencies.length), 1),
          ...summarize(latencies),
        });
      }
      const sequences = (await base.readStream(streamId)).map((event) => (event.data as { sequence: number }).sequence);
      gapless &&= sequences.every((sequence, i) => sequence === i + 1);
    }
    return {
      reference: { case: 'append 1 event to a new stream', ...summarize(referenceLatencies) },
      seedSeconds: round(seedMs / 1000, 2),
      cases,
      gapless,
    };
  } finally {
    await base.close();
    await knex.destroy();
    await pool.end();
  }
}
