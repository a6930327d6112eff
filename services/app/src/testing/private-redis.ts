import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { redisAnswers } from '@shop/testing';
import { freePort } from './free-port.js';

/**
 * A Redis server of one test's own (Debian's `redis-server`, no persistence, as the shared one
 * runs), so the test can flush it, stop it and start it again without touching other tests'
 * queues.
 */
export interface PrivateRedis {
  url: string;
  /** FLUSHALL: every key gone, the server still running. */
  flushAll(): Promise<void>;
  /** Killed (SIGKILL): its data is gone with it. */
  kill(): Promise<void>;
  /** Started again, empty, on the same port. */
  start(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis & { stop: () => Promise<void> }> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;

  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    const deadline = Date.now() + 10_000;
    while (!(await redisAnswers(url))) {
      if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const kill = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    url,
    start,
    kill,
    stop: kill,
    flushAll: async () => {
      const redis = new Redis(url, { maxRetriesPerRequest: 1 });
      try {
        await redis.flushall();
      } finally {
        redis.disconnect();
      }
    },
  };
}
