import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Socket } from 'node:net';

/**
 * The start of a connection to the embedded database, before PGlite sees a byte of it: the
 * client must prove it knows the secret with SCRAM-SHA-256 (RFC 5802 and 7677, as PostgreSQL
 * does with password_encryption = scram-sha-256). The secret itself never crosses the socket, and
 * the server proves it knows the secret too, so a client cannot be fooled by a process that took
 * the shop's port. Anything else is answered with FATAL 28P01 and the connection is closed.
 */

const PROTOCOL_3_0 = 196_608;
const SSL_REQUEST = 80_877_103;
const GSSENC_REQUEST = 80_877_104;
const CANCEL_REQUEST = 80_877_102;
const MAX_STARTUP_LENGTH = 10_000; // PostgreSQL's own limit
const MAX_SASL_LENGTH = 4_096;
const SCRAM_ITERATIONS = 4_096; // PostgreSQL's default
const MECHANISM = 'SCRAM-SHA-256';

const AUTH_SASL = 10;
const AUTH_SASL_CONTINUE = 11;
const AUTH_SASL_FINAL = 12;

/** What the server keeps of the secret: the SCRAM verifier, never the secret itself. */
export interface ScramVerifier {
  salt: Buffer;
  iterations: number;
  storedKey: Buffer;
  serverKey: Buffer;
}

const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest();
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest();

export function scramVerifier(secret: string): ScramVerifier {
  // The secret is ASCII (base64url), so SASLprep leaves it unchanged.
  const salt = randomBytes(16);
  const salted = pbkdf2Sync(secret, salt, SCRAM_ITERATIONS, 32, 'sha256');
  return {
    salt,
    iterations: SCRAM_ITERATIONS,
    storedKey: sha256(hmac(salted, 'Client Key')),
    serverKey: hmac(salted, 'Server Key'),
  };
}

function backendMessage(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0, 'latin1');
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

function authentication(kind: number, data: Buffer = Buffer.alloc(0)): Buffer {
  const code = Buffer.alloc(4);
  code.writeInt32BE(kind, 0);
  return backendMessage('R', Buffer.concat([code, data]));
}

/** A FATAL ErrorResponse, as PostgreSQL sends it before closing a connection it refuses. */
export function fatalError(code: string, message: string): Buffer {
  return backendMessage('E', Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0\0`, 'utf8'));
}

function startupParameters(message: Buffer): Map<string, string> {
  const parts = message.subarray(8).toString('utf8').split('\0');
  const parameters = new Map<string, string>();
  for (let i = 0; i + 1 < parts.length && parts[i] !== ''; i += 2) parameters.set(parts[i]!, parts[i + 1]!);
  return parameters;
}

/** SASLInitialResponse: the mechanism, then the client-first-message. */
function parseInitialResponse(body: Buffer): { mechanism: string; data: string } | null {
  const end = body.indexOf(0);
  if (end === -1 || body.length < end + 5) return null;
  const length = body.readInt32BE(end + 1);
  if (length < 0 || body.length !== end + 5 + length) return null;
  return { mechanism: body.subarray(0, end).toString('utf8'), data: body.subarray(end + 5).toString('utf8') };
}

const attribute = (attributes: string[], name: string) =>
  attributes.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);

type State =
  | { step: 'startup' }
  | { step: 'client-first'; user: string; startup: Buffer }
  | {
      step: 'client-final';
      user: string;
      startup: Buffer;
      gs2Header: string;
      clientFirstBare: string;
      serverFirst: string;
      nonce: string;
    };

export interface AuthenticateOptions {
  verifier: ScramVerifier;
  timeoutMs: number;
  /** Called once the client proved it knows the secret, with the socket paused and the bytes PGlite must see first. */
  onAuthenticated: (pending: Buffer) => void;
}

/** Runs the start of a connection: SSL declined, startup message, SCRAM exchange; refuses anything else. */
export function authenticate(socket: Socket, { verifier, timeoutMs, onAuthenticated }: AuthenticateOptions): void {
  let buffer = Buffer.alloc(0);
  let state: State = { step: 'startup' };
  let finished = false;

  const finish = () => {
    finished = true;
    clearTimeout(timer);
    socket.removeListener('data', onData);
    socket.removeListener('close', onClose);
  };
  const refuse = (code: string, message: string) => {
    if (finished) return;
    finish();
    socket.end(fatalError(code, message), () => socket.destroy());
  };
  const passwordFailed = () =>
    refuse('28P01', `password authentication failed for user "${state.step === 'startup' ? '' : state.user}"`);
  const onClose = () => {
    if (!finished) finish();
  };
  const timer = setTimeout(passwordFailed, timeoutMs);
  timer.unref();

  /** Handles one complete startup-phase packet; returns false when it refused the connection. */
  const startupPacket = (packet: Buffer): boolean => {
    const code = packet.readInt32BE(4);
    if ((code === SSL_REQUEST || code === GSSENC_REQUEST) && packet.length === 8) {
      socket.write('N'); // no encryption on the loopback interface; the client goes on in plain text
      return true;
    }
    if (code === CANCEL_REQUEST) {
      // PGlite runs one statement at a time and has no backend to signal: nothing to cancel.
      finish();
      socket.destroy();
      return false;
    }
    if (code !== PROTOCOL_3_0) {
      refuse('0A000', `unsupported frontend protocol ${code >> 16}.${code & 0xffff}`);
      return false;
    }
    state = { step: 'client-first', user: startupParameters(packet).get('user') ?? '', startup: packet };
    socket.write(authentication(AUTH_SASL, Buffer.from(`${MECHANISM}\0\0`, 'latin1')));
    return true;
  };

  /** The client-first-message: answers with the server-first-message, or null to refuse. */
  const clientFirst = (body: Buffer, user: string, startup: Buffer): State | null => {
    const initial = parseInitialResponse(body);
    if (initial?.mechanism !== MECHANISM) return null;
    // gs2-header "n" (no channel binding) or "y" (the client could, the server cannot), no authzid.
    const match = /^([ny]),,(n=[^,]*,r=([^,]+)(?:,.*)?)$/.exec(initial.data);
    if (!match) return null;
    const nonce = match[3]! + randomBytes(18).toString('base64');
    const serverFirst = `r=${nonce},s=${verifier.salt.toString('base64')},i=${verifier.iterations}`;
    socket.write(authentication(AUTH_SASL_CONTINUE, Buffer.from(serverFirst, 'utf8')));
    return {
      step: 'client-final',
      user,
      startup,
      gs2Header: `${match[1]!},,`,
      clientFirstBare: match[2]!,
      serverFirst,
      nonce,
    };
  };

  /** The client-final-message: whether its proof shows the secret (then the server's signature is sent). */
  const clientFinal = (body: Buffer, exchange: Extract<State, { step: 'client-final' }>): boolean => {
    const message = body.toString('utf8');
    const proofAt = message.lastIndexOf(',p=');
    if (proofAt === -1) return false;
    const withoutProof = message.slice(0, proofAt);
    const attributes = withoutProof.split(',');
    const proof = Buffer.from(message.slice(proofAt + 3), 'base64');
    if (
      attribute(attributes, 'c') !== Buffer.from(exchange.gs2Header).toString('base64') ||
      attribute(attributes, 'r') !== exchange.nonce ||
      proof.length !== verifier.storedKey.length
    ) {
      return false;
    }
    const authMessage = `${exchange.clientFirstBare},${exchange.serverFirst},${withoutProof}`;
    const clientSignature = hmac(verifier.storedKey, authMessage);
    const clientKey = Buffer.from(proof.map((byte, i) => byte ^ clientSignature[i]!));
    if (!timingSafeEqual(sha256(clientKey), verifier.storedKey)) return false;
    const serverSignature = hmac(verifier.serverKey, authMessage).toString('base64');
    socket.write(authentication(AUTH_SASL_FINAL, Buffer.from(`v=${serverSignature}`, 'utf8')));
    return true;
  };

  function onData(chunk: Buffer): void {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      if (state.step === 'startup') {
        if (buffer.length < 8) return;
        const length = buffer.readInt32BE(0);
        if (length < 8 || length > MAX_STARTUP_LENGTH) return refuse('08P01', 'invalid length of startup packet');
        if (buffer.length < length) return;
        const packet = buffer.subarray(0, length);
        buffer = buffer.subarray(length);
        if (!startupPacket(packet)) return;
        continue;
      }
      if (buffer.length < 5) return;
      const type = String.fromCharCode(buffer[0]!);
      const length = buffer.readInt32BE(1);
      // A query, or any message other than a SASL response, before authentication: no secret given.
      if (type !== 'p' || length < 4 || length > MAX_SASL_LENGTH) return passwordFailed();
      if (buffer.length < 1 + length) return;
      const body = buffer.subarray(5, 1 + length);
      buffer = buffer.subarray(1 + length);
      if (state.step === 'client-first') {
        const next = clientFirst(body, state.user, state.startup);
        if (!next) return passwordFailed();
        state = next;
        continue;
      }
      if (!clientFinal(body, state)) return passwordFailed();
      // PGlite answers the startup message itself (AuthenticationOk, parameters, ReadyForQuery).
      const pending = Buffer.concat([state.startup, buffer]);
      finish();
      socket.pause();
      onAuthenticated(pending);
      return;
    }
  }

  socket.on('data', onData);
  socket.on('close', onClose);
}
