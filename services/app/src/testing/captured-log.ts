import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../infrastructure/logger.js';

/** A logger at `level` that keeps what it writes, one JSON line an entry, in `lines` for the test to read. */
export function capturingLogger(level = 'info'): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: createLogger({ level, destination }), lines };
}
