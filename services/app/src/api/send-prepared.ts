import type { Request, Response } from 'express';
import type { Encoding, PreparedAnswer } from '../infrastructure/prepared-answer.js';

/** The compression middleware's default threshold: smaller answers are sent as they are. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * The encoding this request takes: Brotli where it accepts it (the smaller), else gzip, else
 * plain, as the compression middleware prefers them; plain below the threshold.
 */
function negotiate(req: Request, answer: PreparedAnswer): Encoding {
  if (answer.body.length < COMPRESSION_THRESHOLD_BYTES) return 'identity';
  return req.acceptsEncodings('br') ? 'br' : req.acceptsEncodings('gzip') ? 'gzip' : 'identity';
}

/**
 * Sends `answer` as the request accepts it, with its strong tag, or 304 when a 200's request names
 * that tag in If-None-Match. The caller sets the status and its other headers first. Node's own
 * calls, not Express's helpers: these are the shop's busiest answers.
 */
export function sendPrepared(req: Request, res: Response, answer: PreparedAnswer, contentType: string): void {
  const sent = answer.representation(negotiate(req, answer));
  res.vary('Accept-Encoding');
  res.setHeader('ETag', sent.etag);
  if (res.statusCode === 200 && matchesIfNoneMatch(req.get('if-none-match'), sent.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('Content-Type', contentType);
  // Set, so that the compression middleware, where it runs, leaves the bytes as they are.
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
