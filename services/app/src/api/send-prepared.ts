import type { Request, Response } from 'express';
import type { Encoding, PreparedAnswer } from '../infrastructure/prepared-answer.js';
import { weightedValues } from './weighted-header.js';

/** The compression middleware's default threshold: smaller answers are sent as they are. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Between encodings the client weighs alike, the smaller first, as the compression middleware chooses. */
const PREFERRED: readonly Encoding[] = ['br', 'gzip'];

/**
 * The encoding this request takes: the one of Brotli and gzip its Accept-Encoding weighs most
 * (`*` standing for those it does not name), Brotli between equals; plain when it accepts neither,
 * and below the threshold.
 */
function negotiate(req: Request, answer: PreparedAnswer): Encoding {
  if (answer.body.length < COMPRESSION_THRESHOLD_BYTES) return 'identity';
  const weights = new Map(weightedValues(req.get('accept-encoding')).map(({ value, quality }) => [value, quality]));
  let chosen: Encoding = 'identity';
  let best = 0;
  for (const encoding of PREFERRED) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > best) [chosen, best] = [encoding, weight];
  }
  return chosen;
}

/** Set on an answer sent here, so that the compression middleware leaves it as it is (`compressedHere`). */
const SENT_PREPARED = Symbol('sent prepared');

/** Whether `res` carries a prepared answer, already in the encoding the request takes (plain included). */
export function compressedHere(res: Response): boolean {
  return (res.locals as Record<symbol, unknown>)[SENT_PREPARED] === true;
}

/**
 * Sends `answer` as the request accepts it, with its strong tag, or 304 when a 200's request names
 * that tag in If-None-Match. The caller sets the status and its other headers first. Node's own
 * calls, not Express's helpers: these are the shop's busiest answers.
 */
export function sendPrepared(req: Request, res: Response, answer: PreparedAnswer, contentType: string): void {
  const sent = answer.representation(negotiate(req, answer));
  (res.locals as Record<symbol, unknown>)[SENT_PREPARED] = true;
  res.vary('Accept-Encoding');
  res.setHeader('ETag', sent.etag);
  if (res.statusCode === 200 && matchesIfNoneMatch(req.get('if-none-match'), sent.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('Content-Type', contentType);
  if (sent.encoding !== 'identity') res.setHeader('Content-Encoding', sent.encoding);
  res.setHeader('Content-Length', sent.body.length);
  res.end(sent.body);
}

/** Whether an If-None-Match header names this tag (weak comparison, as RFC 9110 asks for it). */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
