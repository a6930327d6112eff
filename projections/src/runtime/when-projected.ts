/**
 * Reads a read model until it shows a change just recorded, for at most `waitMs`: projectors follow
 * the log within milliseconds, so an answer about a change (and the list the operator goes back
 * to) can show it. Null past the wait: the caller answers from what it decided instead.
 */
export async function whenProjected<T>(
  read: () => Promise<T>,
  shows: (value: T) => boolean,
  waitMs = 2000,
): Promise<T | null> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const value = await read();
    if (shows(value)) return value;
    if (Date.now() > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}
