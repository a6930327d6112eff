const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The read models follow the log a moment after a decision is appended: reads `read` again (every
 * 250 ms, for five seconds at most) until `done` accepts what it answers, so a screen shows what
 * was just done. Past that it gives up quietly: the screen shows what it finds.
 */
export async function waitUntil<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    if (done(await read())) return;
    await sleep(250);
  }
}
