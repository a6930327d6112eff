import { formatShopTime } from '@shop/domain';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { InvalidArgumentError, type Command } from 'commander';
import {
  exportChain,
  parseAnchor,
  verifyChain,
  verifyExport,
  type AnchorMismatch,
  type ChainAnchor,
  type ChainBreak,
} from '../audit/chain-verification.js';
import { readChainHead, sealPending } from '../audit/event-sealer.js';
import { withRuntime } from './cli-runtime.js';

/** Exit status of `audit verify` when the chain or the export does not hold (1 stays for "could not check"). */
export const CHAIN_BROKEN_EXIT = 2;

/**
 * Exit status of `audit verify` when the chain holds on its own but not an anchor given: a typo, another
 * shop's head, or (with an anchor copied right) a chain rewritten since the anchor was recorded.
 */
export const ANCHOR_MISMATCH_EXIT = 3;

const isoDate = (value: string) => {
  const date = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime()))
    throw new InvalidArgumentError('must be an ISO-8601 date or instant');
  return date;
};

const anchorOption = (value: string, previous: ChainAnchor[] = []) => {
  try {
    return [...previous, parseAnchor(value)];
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
};

function printBreak(broken: ChainBreak): void {
  const where = broken.position === null ? `seal ${broken.seq}` : `position ${broken.position} (seal ${broken.seq})`;
  console.error(`TAMPERED: the chain breaks at ${where}: ${broken.reason}`);
  process.exitCode = CHAIN_BROKEN_EXIT;
}

function printAnchorMismatch(mismatch: AnchorMismatch): void {
  const check = "check that it was copied whole from this shop's `shopctl audit head`";
  if (mismatch.position === null) {
    console.error(
      `the anchor given (seal ${mismatch.seq}) is beyond the chain, which ends at seal ${mismatch.headSeq}: ${check}; if it was, sealed events after seal ${mismatch.headSeq} were removed`,
    );
  } else {
    console.error(
      `the anchor given does not match the chain at position ${mismatch.position} (seal ${mismatch.seq}), which holds ${mismatch.seq}:${mismatch.chainLink}: ${check}; if it was, the chain was rewritten since the anchor was recorded`,
    );
  }
  process.exitCode = ANCHOR_MISMATCH_EXIT;
}

/** Writes a line to stdout, waiting when the reader is slower (a pipe to a file or gzip). */
async function writeLine(text: string): Promise<void> {
  if (!process.stdout.write(`${text}\n`)) await once(process.stdout, 'drain');
}

/** `shopctl audit ...`: the hash chain that makes an edited, deleted or reordered event visible. */
export function registerAuditCommands(program: Command): void {
  const audit = program
    .command('audit')
    .description('The tamper-evident log: verify the hash chain over the events, export it, show its head');

  audit
    .command('verify')
    .description(
      'Recompute every link from the genesis link over the log as it is now (exit 0 intact, 2 tampered, 3 an anchor given not in the chain); with --file, check an export offline',
    )
    .option('--file <export.ndjson>', 'check an export made by `shopctl audit export`, with no database')
    .option(
      '--anchor <seq:link>',
      'a head recorded earlier (`shopctl audit head`): the chain must still hold that link (repeatable)',
      anchorOption,
    )
    .action(async (options: { file?: string; anchor?: ChainAnchor[] }) => {
      const anchors = options.anchor ?? [];
      if (options.file) {
        const lines = createInterface({ input: createReadStream(options.file), crlfDelay: Infinity });
        const report = await verifyExport(lines, { anchors });
        if (report.break) return printBreak(report.break);
        const shape = report.fromGenesis
          ? `one unbroken chain from the genesis link to seal ${report.lastSeq}`
          : `seals ${report.firstSeq ?? '-'} to ${report.lastSeq ?? '-'}, ${report.skips} gap(s) of events left out by the export's filter: each line checked against its own previous link`;
        console.log(`Export intact: ${report.lines} event(s) verified; ${shape}`);
        if (report.headLink) console.log(`Last link: ${report.lastSeq}:${report.headLink}`);
        if (report.anchorMismatch) printAnchorMismatch(report.anchorMismatch);
        return;
      }
      await withRuntime(async ({ knex, store }) => {
        const report = await verifyChain({ knex, store }, { anchors });
        if (report.break) {
          console.error(`${report.verified} event(s) verified before the break`);
          return printBreak(report.break);
        }
        console.log(`Chain intact: ${report.verified} event(s) verified, ${report.unsealed} not yet sealed`);
        console.log(`Head: ${report.headSeq}:${report.headLink}`);
        if (report.anchorMismatch) printAnchorMismatch(report.anchorMismatch);
      });
    });

  audit
    .command('export')
    .description(
      'Write the sealed events as NDJSON on stdout, each with its position, seal number, previous link and link',
    )
    .option('--since <ISO>', 'events recorded at or after this instant', isoDate)
    .option('--until <ISO>', 'events recorded at or before this instant', isoDate)
    .option('--stream <id>', "only this stream's events (each line still carries its links)")
    .action(async (options: { since?: Date; until?: Date; stream?: string }) => {
      await withRuntime(async ({ knex, store }) => {
        let lines = 0;
        const filter = { since: options.since, until: options.until, streamId: options.stream };
        for await (const line of exportChain({ knex, store }, filter)) {
          await writeLine(JSON.stringify(line));
          lines++;
        }
        console.error(`${lines} sealed event(s) exported`);
      });
    });

  audit
    .command('head')
    .description('The latest link: record it outside the database (operator log, notary) to anchor the chain')
    .option('--json', 'as JSON')
    .option('--utc', "the seal's time in UTC instead of the shop's time zone (SHOP_TIME_ZONE)")
    .action(async (options: { json?: boolean; utc?: boolean }) => {
      await withRuntime(async ({ knex, config }) => {
        const head = await readChainHead(knex);
        const shown = {
          seq: head.seq,
          position: head.position,
          link: head.link,
          sealedAt: head.sealedAt?.toISOString() ?? null,
        };
        if (options.json) return console.log(JSON.stringify(shown));
        console.log(`${shown.seq}:${shown.link}`);
        console.log(
          head.seq === 0
            ? 'Nothing sealed yet'
            : `seal ${shown.seq}, position ${shown.position}, sealed ${head.sealedAt ? formatShopTime(head.sealedAt, config.shopTimeZone, { utc: options.utc }) : '-'}`,
        );
      });
    });

  audit
    .command('seal')
    .description('Seal every event written so far now (the worker does it continuously)')
    .action(async () => {
      await withRuntime(async ({ knex, store }) => {
        const sealed = await sealPending({ knex, store });
        const head = await readChainHead(knex);
        console.log(`${sealed} event(s) sealed; head ${head.seq}:${head.link}`);
      });
    });
}
