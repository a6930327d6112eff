import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturingLogger } from '../testing/captured-log.js';
import { requestJson } from '../testing/http-customer.js';
import { useRequestLog } from './request-log.js';
import { eventually, startTestShop, type TestShop } from '../testing/test-shop.js';

let database: TestDatabase;
let shop: TestShop;
const { logger, lines } = capturingLogger('debug');

beforeAll(async () => {
  database = await createTestDatabase('request_log');
  shop = await startTestShop({ databaseUrl: database.url, logger });
});

afterAll(async () => {
  await shop?.stop();
  await database?.drop();
});

type LogLine = Record<string, unknown> & { level: number };

/** The lines logged for one request, once its answer has been logged. */
async function linesOf(requestId: string): Promise<{ raw: string[]; parsed: LogLine[] }> {
  const mine = () => lines.filter((line) => line.includes(requestId));
  await eventually(
    async () => mine(),
    (found) => found.length > 0,
  );
  // Anything else the request might log would be written by now.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const raw = mine();
  return { raw, parsed: raw.map((line) => JSON.parse(line) as LogLine) };
}

const PINO_INFO = 30;
const PINO_DEBUG = 20;

describe('the request log', () => {
  it('writes one line per request: method, path without its query, status, duration and request id, no headers', async () => {
    const reply = await requestJson(shop.url, 'GET', '/api/plans?token=query-secret-7f3a&lang=fr', {
      headers: {
        'X-Request-Id': 'log-plans-1',
        Authorization: 'Bearer header-secret-91bc',
        Cookie: 'access_token=cookie-secret-55d2',
        'User-Agent': 'request-log-agent',
      },
    });
    expect(reply.status).toBe(200);
    const { raw, parsed } = await linesOf('log-plans-1');
    expect(raw).toHaveLength(1);
    expect(parsed[0]).toMatchObject({
      level: PINO_INFO,
      reqId: 'log-plans-1',
      method: 'GET',
      path: '/api/plans',
      status: 200,
      durationMs: expect.any(Number),
    });
    for (const absent of ['query-secret-7f3a', 'header-secret-91bc', 'cookie-secret-55d2', 'request-log-agent']) {
      expect(raw[0]).not.toContain(absent);
    }
    expect(parsed[0]).not.toHaveProperty('req');
    expect(parsed[0]).not.toHaveProperty('res');
  });

  it('still writes one line for a refused request, with the problem’s code', async () => {
    const reply = await requestJson(shop.url, 'GET', '/api/me', { headers: { 'X-Request-Id': 'log-refused-2' } });
    expect(reply.status).toBe(401);
    const { raw, parsed } = await linesOf('log-refused-2');
    expect(raw).toHaveLength(1);
    expect(parsed[0]).toMatchObject({ level: PINO_INFO, path: '/api/me', status: 401, code: 'auth.required' });
  });

  it('logs the health probes at debug', async () => {
    for (const probe of ['/healthz', '/readyz']) {
      const id = `log-probe${probe.replace('/', '-')}`;
      await requestJson(shop.url, 'GET', probe, { headers: { 'X-Request-Id': id } });
      const { parsed } = await linesOf(id);
      expect(parsed).toHaveLength(1);
      expect(parsed[0]).toMatchObject({ level: PINO_DEBUG, path: probe });
    }
  });
});

describe('req.log', () => {
  it("binds a route's own lines to its request id, each request to its own", async () => {
    const { logger: routeLogger, lines: own } = capturingLogger();
    const app = express();
    useRequestLog(app, routeLogger);
    app.get('/work', (req, res) => {
      req.log.info({ step: 'working' }, 'route line');
      res.json({ ok: true });
    });
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      for (const id of ['route-a', 'route-b']) {
        await fetch(`http://127.0.0.1:${port}/work`, { headers: { 'X-Request-Id': id } });
      }
      await eventually(
        async () => own.filter((line) => line.includes('route line')),
        (found) => found.length === 2,
      );
      const routeLines = own.filter((line) => line.includes('route line')).map((line) => JSON.parse(line));
      expect(routeLines.map((line) => [line.reqId, line.step])).toEqual([
        ['route-a', 'working'],
        ['route-b', 'working'],
      ]);
    } finally {
      server.close();
    }
  });
});
