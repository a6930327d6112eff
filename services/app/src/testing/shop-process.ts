import { spawn, type ChildProcess } from 'node:child_process';
import { compiled } from './compiled-processes.js';

export interface ShopProcess {
  child: ChildProcess;
  /** What the shop printed it runs at. */
  url: string;
  /** SIGTERM, then its exit code once it has stopped. */
  stop: () => Promise<number | null>;
}

/**
 * The whole shop in a process of its own, as `npm start` starts it (its compiled build), with
 * exactly `env`; answers once it prints where it runs, or fails with what it printed.
 */
export async function startShopProcess(env: NodeJS.ProcessEnv, timeoutMs: number): Promise<ShopProcess> {
  const child = spawn(process.execPath, [...compiled('main')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`shop did not start: ${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Shop running at (http:\/\/localhost:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`shop exited with ${code}: ${output}`)));
  });
  const stop = () =>
    new Promise<number | null>((resolve) => {
      child.once('exit', (code) => resolve(code));
      child.kill('SIGTERM');
    });
  return { child, url, stop };
}
