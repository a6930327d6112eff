import type { EventStore, RecordedEvent } from '@shop/event-store';
import type { Knex } from 'knex';
import { readSettled } from './event-sealer.js';
import { GENESIS_LINK, nextLink, sealedFields, type SealedFields } from './event-chain.js';

const PAGE = 1000;

/** A link an operator recorded elsewhere (the head at some moment): the chain must still hold it. */
export interface ChainAnchor {
  seq: number;
  link: string;
}

export interface ChainBreak {
  seq: number;
  /** The log position that breaks (for an export, also its line number). */
  position: number | null;
  line?: number;
  reason: string;
}

/**
 * An anchor the chain does not hold, while the chain itself verifies: most often a typo or the
 * head of another shop; with an anchor copied right, a chain rewritten (or cut) since it was recorded.
 */
export interface AnchorMismatch {
  /** The anchor's seal number. */
  seq: number;
  /** The log position sealed under that number; null when the chain ends before it. */
  position: number | null;
  /** The export's line (offline check). */
  line?: number;
  /** The link the chain holds at that seal; null when the chain ends before it. */
  chainLink: string | null;
  /** The chain's last seal. */
  headSeq: number;
}

export interface ChainReport {
  /** Sealed events whose link recomputes, before the first break. */
  verified: number;
  /** Events in the log not sealed yet (written in the last moments, or the sealer is not running). */
  unsealed: number;
  headSeq: number;
  headLink: string;
  /** The chain failing its own verification: an event edited, deleted or moved, a seal removed. */
  break: ChainBreak | null;
  /** The first anchor given that the chain does not hold (reported when the chain itself holds). */
  anchorMismatch: AnchorMismatch | null;
}

interface Seal {
  seq: number;
  position: number;
  link: string;
}

async function* logEvents(store: EventStore): AsyncGenerator<RecordedEvent> {
  let after: string | null = null;
  for (;;) {
    const events = await readSettled(store, after, PAGE);
    if (events.length === 0) return;
    yield* events;
    after = events.at(-1)!.checkpoint;
  }
}

async function* storedSeals(knex: Knex): AsyncGenerator<Seal> {
  let after = 0;
  for (;;) {
    const rows = await knex('event_seals')
      .where('seq', '>', after)
      .orderBy('seq')
      .limit(PAGE)
      .select<Array<{ seq: string; position: string; link: string }>>('seq', 'position', 'link');
    if (rows.length === 0) return;
    for (const row of rows) yield { seq: Number(row.seq), position: Number(row.position), link: row.link };
    after = Number(rows.at(-1)!.seq);
  }
}

/** The log in its reading order, each event beside the seal of the same rank (null past the last seal). */
async function* pairedLog(
  knex: Knex,
  store: EventStore,
): AsyncGenerator<{ event: RecordedEvent | null; seal: Seal | null }> {
  const seals = storedSeals(knex);
  for await (const event of logEvents(store)) {
    const { value: seal } = await seals.next();
    yield { event, seal: seal ?? null };
  }
  for await (const seal of seals) yield { event: null, seal };
}

function checkAnchors(
  anchors: readonly ChainAnchor[],
  seq: number,
  link: string,
  position: number,
): Omit<AnchorMismatch, 'headSeq'> | null {
  const anchor = anchors.find((a) => a.seq === seq);
  return anchor && anchor.link !== link ? { seq, position, chainLink: link } : null;
}

function anchorBeyond(anchors: readonly ChainAnchor[], headSeq: number): AnchorMismatch | null {
  const beyond = anchors.find((a) => a.seq > headSeq);
  return beyond ? { seq: beyond.seq, position: null, chainLink: null, headSeq } : null;
}

/**
 * Walks the chain from the genesis link, recomputing each link from the log as it is now, and
 * stops at the first seal that does not hold: an event edited, deleted or moved since it was
 * sealed, or a seal row removed. An anchor the chain does not hold is reported apart
 * (`anchorMismatch`), and the walk goes on: a chain that breaks is reported as broken whatever the anchors.
 */
export async function verifyChain(
  { knex, store }: { knex: Knex; store: EventStore },
  options: { anchors?: readonly ChainAnchor[] } = {},
): Promise<ChainReport> {
  const anchors = options.anchors ?? [];
  let link = GENESIS_LINK;
  let verified = 0;
  let unsealed = 0;
  let anchorMismatch: Omit<AnchorMismatch, 'headSeq'> | null = null;
  const report = (broken: ChainBreak | null): ChainReport => ({
    verified,
    unsealed,
    headSeq: verified,
    headLink: link,
    break: broken,
    anchorMismatch: broken
      ? null
      : anchorMismatch
        ? { ...anchorMismatch, headSeq: verified }
        : anchorBeyond(anchors, verified),
  });
  for await (const { event, seal } of pairedLog(knex, store)) {
    const seq = verified + 1;
    if (!seal) {
      unsealed++;
      continue;
    }
    if (!event) {
      return report({
        seq,
        position: seal.position,
        reason: `the event sealed at position ${seal.position} is no longer in the log (deleted)`,
      });
    }
    if (seal.seq !== seq) {
      return report({
        seq,
        position: event.globalPosition,
        reason: `seal ${seq} is missing (the next seal is ${seal.seq}): a seal row was deleted`,
      });
    }
    if (seal.position !== event.globalPosition) {
      return report({
        seq,
        position: seal.position,
        reason: `the event sealed at position ${seal.position} is not in its place, position ${event.globalPosition} is (deleted or reordered)`,
      });
    }
    const recomputed = nextLink(link, sealedFields(event));
    if (recomputed !== seal.link) {
      return report({
        seq,
        position: seal.position,
        reason: `the event at position ${seal.position} is not the one sealed (edited or reordered)`,
      });
    }
    anchorMismatch ??= checkAnchors(anchors, seq, recomputed, seal.position);
    link = recomputed;
    verified++;
  }
  return report(null);
}

/** One line of `shopctl audit export`: the event as stored, its seal and the link before it. */
export interface ExportLine extends SealedFields {
  seq: number;
  prevLink: string;
  link: string;
}

export interface ExportFilter {
  since?: Date;
  until?: Date;
  streamId?: string;
}

/** The sealed events matching the filter, in chain order, each with the links to check it. */
export async function* exportChain(
  { knex, store }: { knex: Knex; store: EventStore },
  filter: ExportFilter = {},
): AsyncGenerator<ExportLine> {
  let prevLink = GENESIS_LINK;
  for await (const { event, seal } of pairedLog(knex, store)) {
    if (!seal || !event) return;
    const matches =
      (!filter.streamId || event.streamId === filter.streamId) &&
      (!filter.since || event.recordedAt >= filter.since) &&
      (!filter.until || event.recordedAt <= filter.until);
    if (matches) yield { seq: seal.seq, ...sealedFields(event), prevLink, link: seal.link };
    prevLink = seal.link;
  }
}

export interface ExportReport {
  lines: number;
  firstSeq: number | null;
  lastSeq: number | null;
  /** One unbroken chain from the genesis link: a full export, nothing left out. */
  fromGenesis: boolean;
  /** Places where seals were left out (a filtered export, before its first line too): each line checked on its own. */
  skips: number;
  headLink: string | null;
  break: ChainBreak | null;
  /**
   * The first anchor given that a line of the export does not hold (reported when the export
   * itself holds). An anchor whose seal is not in the export (filtered, or made before) is not checked.
   */
  anchorMismatch: AnchorMismatch | null;
}

const HEX_LINK = /^[0-9a-f]{64}$/;

function parseLine(text: string): ExportLine | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'not JSON';
  }
  const line = value as Partial<ExportLine>;
  if (typeof line !== 'object' || line === null) return 'not an object';
  if (!Number.isInteger(line.seq) || (line.seq as number) < 1) return 'no seq';
  if (!Number.isInteger(line.position)) return 'no position';
  if (!HEX_LINK.test(String(line.link)) || !HEX_LINK.test(String(line.prevLink))) return 'no link or prevLink';
  for (const key of ['eventId', 'streamId', 'type', 'recordedAt'] as const) {
    if (typeof line[key] !== 'string') return `no ${key}`;
  }
  if (!Number.isInteger(line.streamVersion) || !Number.isInteger(line.schemaVersion)) return 'no version';
  return line as ExportLine;
}

/**
 * Checks an export with no database: each line's link recomputes from its previous link and its
 * event; consecutive seals chain to each other; a line with seal 1 starts from the genesis link.
 */
export async function verifyExport(
  lines: AsyncIterable<string> | Iterable<string>,
  options: { anchors?: readonly ChainAnchor[] } = {},
): Promise<ExportReport> {
  const anchors = options.anchors ?? [];
  let count = 0;
  let lineNumber = 0;
  let first: number | null = null;
  let last: ExportLine | null = null;
  let skips = 0;
  let anchorMismatch: Omit<AnchorMismatch, 'headSeq'> | null = null;
  const report = (broken: ChainBreak | null): ExportReport => ({
    lines: count,
    firstSeq: first,
    lastSeq: last?.seq ?? null,
    fromGenesis: first === 1 && skips === 0,
    skips,
    headLink: last?.link ?? null,
    break: broken,
    anchorMismatch: !broken && anchorMismatch ? { ...anchorMismatch, headSeq: last?.seq ?? 0 } : null,
  });
  for await (const text of lines) {
    lineNumber++;
    if (text.trim() === '') continue;
    const line = parseLine(text);
    if (typeof line === 'string') {
      return report({
        seq: (last?.seq ?? 0) + 1,
        position: null,
        line: lineNumber,
        reason: `line ${lineNumber}: ${line}`,
      });
    }
    const at = { seq: line.seq, position: line.position, line: lineNumber };
    if (last && line.seq <= last.seq)
      return report({ ...at, reason: `line ${lineNumber}: seal ${line.seq} out of order` });
    if (line.seq === 1 && line.prevLink !== GENESIS_LINK) {
      return report({ ...at, reason: `line ${lineNumber}: seal 1 does not start from the genesis link` });
    }
    if (last && line.seq === last.seq + 1 && line.prevLink !== last.link) {
      return report({ ...at, reason: `line ${lineNumber}: its previous link is not the link of the line before` });
    }
    if ((last && line.seq > last.seq + 1) || (!last && line.seq > 1)) skips++;
    if (nextLink(line.prevLink, line) !== line.link) {
      return report({
        ...at,
        reason: `line ${lineNumber}: the event at position ${line.position} does not match its link (edited)`,
      });
    }
    const mismatch = checkAnchors(anchors, line.seq, line.link, line.position);
    if (mismatch) anchorMismatch ??= { ...mismatch, line: lineNumber };
    first ??= line.seq;
    last = line;
    count++;
  }
  return report(null);
}

/** `<seal number>:<link>` as `shopctl audit head` prints it (hex in either case); throws on any other shape. */
export function parseAnchor(value: string): ChainAnchor {
  const match = /^(\d+):([0-9a-f]{64})$/.exec(value.trim().toLowerCase());
  if (!match) {
    throw new Error(
      `not an anchor: "${value}" (expected <seal number>:<64 hexadecimal characters>, as \`shopctl audit head\` prints it)`,
    );
  }
  return { seq: Number(match[1]), link: match[2]! };
}
