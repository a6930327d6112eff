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

export interface ChainReport {
  /** Sealed events whose link recomputes, before the first break. */
  verified: number;
  /** Events in the log not sealed yet (written in the last moments, or the sealer is not running). */
  unsealed: number;
  headSeq: number;
  headLink: string;
  break: ChainBreak | null;
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

function checkAnchors(anchors: readonly ChainAnchor[], seq: number, link: string, position: number | null) {
  const anchor = anchors.find((a) => a.seq === seq);
  if (anchor && anchor.link !== link) {
    return { seq, position, reason: `the chain no longer holds the recorded link ${anchor.link} at seal ${seq}` };
  }
  return null;
}

function missingAnchors(anchors: readonly ChainAnchor[], headSeq: number): ChainBreak | null {
  const beyond = anchors.find((a) => a.seq > headSeq);
  return beyond
    ? {
        seq: beyond.seq,
        position: null,
        reason: `the chain ends at seal ${headSeq}, before the recorded seal ${beyond.seq}`,
      }
    : null;
}

/**
 * Walks the chain from the genesis link, recomputing each link from the log as it is now, and
 * stops at the first seal that does not hold: an event edited, deleted or moved since it was
 * sealed, or a seal row removed.
 */
export async function verifyChain(
  { knex, store }: { knex: Knex; store: EventStore },
  options: { anchors?: readonly ChainAnchor[] } = {},
): Promise<ChainReport> {
  const anchors = options.anchors ?? [];
  let link = GENESIS_LINK;
  let verified = 0;
  let unsealed = 0;
  const report = (broken: ChainBreak | null): ChainReport => ({
    verified,
    unsealed,
    headSeq: verified,
    headLink: link,
    break: broken,
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
    const anchorBreak = checkAnchors(anchors, seq, recomputed, seal.position);
    if (anchorBreak) return report(anchorBreak);
    link = recomputed;
    verified++;
  }
  return report(missingAnchors(anchors, verified));
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
  const report = (broken: ChainBreak | null): ExportReport => ({
    lines: count,
    firstSeq: first,
    lastSeq: last?.seq ?? null,
    fromGenesis: first === 1 && skips === 0,
    skips,
    headLink: last?.link ?? null,
    break: broken,
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
    const anchorBreak = checkAnchors(anchors, line.seq, line.link, line.position);
    if (anchorBreak) return report({ ...anchorBreak, line: lineNumber });
    first ??= line.seq;
    last = line;
    count++;
  }
  return report(null);
}

export function parseAnchor(value: string): ChainAnchor {
  const match = /^(\d+):([0-9a-f]{64})$/.exec(value.trim());
  if (!match) throw new Error(`not an anchor "<seal number>:<link>": ${value}`);
  return { seq: Number(match[1]), link: match[2]! };
}
