import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestShop } from '../testing/shop-under-test.js';

const HEADERS_TIMEOUT_MS = 500;
const REQUEST_TIMEOUT_MS = 1500;

const shop = useTestShop('http_server', {
  env: {
    HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
    HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
  },
});

interface Conversation {
  socket: net.Socket;
  /** Everything the server sent so far. */
  received: () => string;
  /** Resolves once the server has sent `text`, or rejects after `withinMs`. */
  waitFor: (text: string, withinMs: number) => Promise<void>;
  /** Resolves with what was received once the server closes, or after `withinMs` with `closed: false`. */
  end: (withinMs: number) => Promise<{ closed: boolean; text: string; afterMs: number }>;
}

async function talk(): Promise<Conversation> {
  const { port, hostname } = new URL(shop.url);
  const socket = net.connect(Number(port), hostname);
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  const started = Date.now();
  let text = '';
  let closed = false;
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
  socket.on('close', () => (closed = true));
  const until = async (done: () => boolean, withinMs: number) => {
    const deadline = Date.now() + withinMs;
    while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  };
  return {
    socket,
    received: () => text,
    waitFor: async (expected, withinMs) => {
      await until(() => text.includes(expected) || closed, withinMs);
      if (!text.includes(expected)) throw new Error(`no ${JSON.stringify(expected)} in ${JSON.stringify(text)}`);
    },
    end: async (withinMs) => {
      await until(() => closed, withinMs);
      socket.destroy();
      return { closed, text, afterMs: Date.now() - started };
    },
  };
}

/** Sends one byte at a time, `everyMs` apart, until the socket closes or `bytes` run out. */
function dribble(socket: net.Socket, bytes: string, everyMs: number): void {
  let sent = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || sent >= bytes.length) {
      clearInterval(timer);
      return;
    }
    socket.write(bytes[sent++]!);
  }, everyMs);
}

const problemOf = (text: string) => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;

describe('slow clients', () => {
  it('answers 408 to a body sent a byte at a time, within the request timeout', async () => {
    const conversation = await talk();
    const body = JSON.stringify({ email: 'slow@example.com', password: 'x'.repeat(40) });
    conversation.socket.write(
      `POST /api/auth/sign-in HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\n\r\n`,
    );
    dribble(conversation.socket, body, 200);
    const { closed, text, afterMs } = await conversation.end(REQUEST_TIMEOUT_MS + 3000);
    expect(closed).toBe(true);
    expect(afterMs).toBeLessThan(REQUEST_TIMEOUT_MS + 2000);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text).toContain('Content-Type: application/problem+json');
    expect(problemOf(text)).toMatchObject({ status: 408, code: 'request.timeout' });
  });

  it('answers 408 to headers sent a byte at a time, within the headers timeout', async () => {
    const conversation = await talk();
    dribble(conversation.socket, `GET /healthz HTTP/1.1\r\nHost: shop\r\nX-Padding: ${'a'.repeat(200)}\r\n\r\n`, 100);
    const { closed, text, afterMs } = await conversation.end(HEADERS_TIMEOUT_MS + 3000);
    expect(closed).toBe(true);
    expect(afterMs).toBeLessThan(HEADERS_TIMEOUT_MS + 2000);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
  });
});

describe('Expect: 100-continue', () => {
  it('refuses a body larger than the JSON limit with 413 before asking for it', async () => {
    const conversation = await talk();
    conversation.socket.write(
      `POST /api/auth/sign-in HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${1024 ** 3}\r\nExpect: 100-continue\r\n\r\n`,
    );
    const { text } = await conversation.end(3000);
    expect(text).not.toContain('100 Continue');
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text).toContain('Content-Type: application/problem+json');
    expect(problemOf(text)).toMatchObject({ status: 413, code: 'request.too_large', title: 'Content Too Large' });
  });

  it('lets a small body through as usual', async () => {
    const conversation = await talk();
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'wrong password' });
    conversation.socket.write(
      `POST /api/auth/sign-in HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
    );
    await conversation.waitFor('HTTP/1.1 100 Continue\r\n\r\n', 3000);
    conversation.socket.write(body);
    const { text } = await conversation.end(5000);
    const answer = text.slice(text.indexOf('\r\n\r\n') + 4);
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(problemOf(answer)).toMatchObject({ code: 'auth.invalid_credentials' });
  });
});
