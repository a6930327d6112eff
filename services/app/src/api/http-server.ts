import type { Server } from 'node:http';
import type { ShopConfig } from '../config.js';
import { BODY_LIMITS } from '../create-app.js';
import { bareProblem } from './problem.js';

/**
 * Longer than the idle timeout of the usual proxies and load balancers (60 s), so the shop never
 * closes a kept-alive connection just as a proxy sends the next request on it (a 502 there).
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

const WEBHOOKS = /^\/webhooks(?:[/?]|$)/;

/**
 * How the API's server treats slow and oversized requests. Called before the server starts
 * listening: Node reads the interval at which it checks the timeouts only then.
 */
export function configureHttpServer(
  server: Server,
  config: Pick<ShopConfig, 'httpHeadersTimeoutMs' | 'httpRequestTimeoutMs'>,
): void {
  // A client sending its headers or its body a byte at a time would otherwise hold its
  // connection (and a parser's memory) for minutes; answered 408 by `answerUnparsableRequests`.
  server.headersTimeout = config.httpHeadersTimeoutMs;
  server.requestTimeout = config.httpRequestTimeoutMs;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Node checks the timeouts every 30 s by default, which would let a 20-second limit run to 50.
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = Math.min(
    1_000,
    Math.ceil(config.httpHeadersTimeoutMs / 4),
  );

  // Node answers "100 Continue" on its own, before any route could look at the size: a client
  // announcing a body larger than the parsers take is refused before it sends a byte of it.
  server.on('checkContinue', (req, res) => {
    const limit = WEBHOOKS.test(req.url ?? '') ? BODY_LIMITS.webhooks : BODY_LIMITS.json;
    if (Number(req.headers['content-length']) > limit) {
      const body = bareProblem(413, 'request.too_large', 'The body is too large');
      res.writeHead(413, {
        'Content-Type': 'application/problem+json',
        'Content-Length': Buffer.byteLength(body),
        Connection: 'close',
      });
      res.end(body);
      return;
    }
    res.writeContinue();
    server.emit('request', req, res);
  });
}
