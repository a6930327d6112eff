import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Starts a stand-in's server on a free loopback port; answers its base URL (`https` for a TLS server). */
export async function listenOnLoopback(server: Server, protocol: 'http' | 'https' = 'http'): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `${protocol}://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Stops a stand-in's server, dropping the connections clients keep alive. */
export async function closeLoopback(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
