import net from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketHandler, type PGLiteSocketHandlerOptions } from '@electric-sql/pglite-socket';
import { authenticate, scramVerifier } from './embedded-authentication.js';

interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: Error) => void;
}

const SYNC = 0x53; // 'S': ends an extended-protocol exchange (Parse, Bind, Execute, ...)
const QUERY = 0x51; // 'Q': a simple query, complete in one message
const STARTUP = 0x00; // startup and SSL messages begin with their length, not a type byte

/**
 * PGlite is one PostgreSQL session. Connections through the socket server share it, so their
 * messages must not interleave: a connection keeps the session from its first message until
 * its exchange is complete (Sync or simple Query) and no transaction is open. The socket
 * package's own queue only guards transactions, which lets two clients' Parse/Bind pairs mix
 * ("bind message supplies 2 parameters, but prepared statement requires 1").
 */
class ExchangeQueue {
  private queue: QueuedMessage[] = [];
  private processing = false;
  private owner: number | null = null;

  constructor(private readonly db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.process();
    });
  }

  private async process(): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const index = this.owner === null ? 0 : this.queue.findIndex((item) => item.handlerId === this.owner);
        if (index === -1) break; // the owner's next message has not arrived yet
        const [item] = this.queue.splice(index, 1) as [QueuedMessage];
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
        } catch (error) {
          this.owner = null;
          item.reject(error as Error);
          continue;
        }
        const type = item.message[0];
        const exchangeComplete = type === SYNC || type === QUERY || type === STARTUP;
        this.owner = exchangeComplete && !this.db.isInTransaction() ? null : item.handlerId;
        item.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  clearQueueForHandler(handlerId: number): void {
    this.queue = this.queue.filter((item) => {
      if (item.handlerId !== handlerId) return true;
      item.reject(new Error('Handler disconnected'));
      return false;
    });
  }

  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.owner !== handlerId) return;
    if (this.db.isInTransaction()) await this.db.exec('ROLLBACK');
    this.owner = null;
    await this.process();
  }
}

export interface EmbeddedSocketServer {
  port: number;
  stop: () => Promise<void>;
}

export interface EmbeddedSocketServerOptions {
  /** The secret a client must prove it knows (SCRAM-SHA-256) before PGlite sees its connection. */
  password: string;
  host?: string;
  /** How long a client may take to authenticate before it is refused. */
  authenticationTimeoutMs?: number;
}

/**
 * Serves PGlite on a loopback port to clients that know the secret: each connection first proves
 * it with SCRAM-SHA-256 (`embedded-authentication.ts`), and only then is handed to PGlite, which
 * answers its startup message. A refused connection never reaches the database.
 */
export async function startEmbeddedSocketServer(
  db: PGlite,
  { password, host = '127.0.0.1', authenticationTimeoutMs = 15_000 }: EmbeddedSocketServerOptions,
): Promise<EmbeddedSocketServer> {
  if (!password) throw new Error('The embedded database needs a secret to check its connections against.');
  const verifier = scramVerifier(password);
  const queue = new ExchangeQueue(db);
  const handlers = new Set<PGLiteSocketHandler>();
  const authenticating = new Set<net.Socket>();
  let stopping = false;
  const server = net.createServer((socket) => {
    // A client that vanishes mid-handshake must not take the process down.
    socket.on('error', () => undefined);
    authenticating.add(socket);
    socket.once('close', () => authenticating.delete(socket));
    authenticate(socket, {
      verifier,
      timeoutMs: authenticationTimeoutMs,
      onAuthenticated: (pending) => {
        authenticating.delete(socket);
        if (stopping || socket.destroyed) {
          socket.destroy();
          return;
        }
        const handler = new PGLiteSocketHandler({
          queryQueue: queue as unknown as PGLiteSocketHandlerOptions['queryQueue'],
          closeOnDetach: true,
        });
        handlers.add(handler);
        socket.on('close', () => handlers.delete(handler));
        void handler.attach(socket);
        // The startup message (and anything sent after the proof) goes to PGlite first.
        socket.unshift(pending);
        socket.resume();
      },
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  return {
    port: (server.address() as net.AddressInfo).port,
    stop: async () => {
      stopping = true;
      for (const socket of authenticating) socket.destroy();
      for (const handler of handlers) await handler.detach(true);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
