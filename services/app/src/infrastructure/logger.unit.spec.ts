import { describe, expect, it } from 'vitest';
import { capturingLogger } from '../testing/captured-log.js';

/** What pg's pool emits when an idle connection dies: the error, with the whole client attached. */
function poolError(): Error {
  const error = Object.assign(new Error('terminating connection due to administrator command'), {
    code: '57P01',
    severity: 'FATAL',
    client: {
      processID: 4242,
      secretKey: 987_654_321,
      connectionParameters: { user: 'shop', host: 'db.internal', database: 'shop', port: 5432 },
      _types: { text: {}, binary: {} },
      queryQueue: [],
      notice: 'x'.repeat(3000),
    },
  });
  error.stack =
    'error: terminating connection due to administrator command\n' +
    '    at Parser.parseErrorMessage (/srv/shop/node_modules/pg-protocol/dist/parser.js:285:98)\n' +
    '    at Socket.<anonymous> (/srv/shop/node_modules/pg-protocol/dist/index.js:11:42)\n' +
    '    at Socket.emit (node:events:517:28)';
  return error;
}

describe('errors in the log', () => {
  it('are one short line with their message and code, never what a library attached to them', () => {
    const { logger, lines } = capturingLogger();
    logger.error({ err: poolError() }, 'database pool error');
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line!.length).toBeLessThan(400);
    expect(line).not.toContain('secretKey');
    expect(line).not.toContain('987654321');
    expect(line).not.toContain('processID');
    expect(JSON.parse(line!).err).toEqual({
      type: 'Error',
      message: 'terminating connection due to administrator command',
      code: '57P01',
    });
  });

  it("keep the shop's own frames of an unexpected error's stack, and only those", () => {
    const { logger, lines } = capturingLogger();
    const bug = (() => {
      try {
        (undefined as unknown as { id: string }).id.trim();
      } catch (error) {
        return error as Error;
      }
      throw new Error('unreachable');
    })();
    bug.stack = `${bug.stack}\n    at Layer.handle (/srv/shop/node_modules/express/lib/router/layer.js:95:5)`;
    logger.error({ err: bug }, 'request errored');
    const { err } = JSON.parse(lines[0]!) as { err: { type: string; message: string; stack: string } };
    expect(err.type).toBe('TypeError');
    expect(err.stack).toContain('logger.unit.spec.ts');
    expect(err.stack).not.toContain('node_modules');
  });

  it('name the cause of an error by its message and code', () => {
    const { logger, lines } = capturingLogger();
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    logger.error({ err: new Error('cannot reach the database', { cause }) }, 'start-up failed');
    const { err } = JSON.parse(lines[0]!) as { err: Record<string, unknown> };
    expect(err.cause).toMatchObject({
      type: 'Error',
      message: 'connect ECONNREFUSED 127.0.0.1:5432',
      code: 'ECONNREFUSED',
    });
  });
});
