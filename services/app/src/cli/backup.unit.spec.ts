import { describe, expect, it } from 'vitest';
import { LogRuns } from './backup.js';

/** A log in its reading order, (transaction id, position): transaction 905 took its positions before 903 and 904 committed. */
const LOG: Array<[bigint, number]> = [
  [900n, 1],
  [900n, 2],
  [903n, 5],
  [904n, 6],
  [905n, 3],
  [905n, 4],
  [906n, 7],
  [1200n, 9],
  [1201n, 8],
];

function runsOf(log: Array<[bigint, number]>): LogRuns {
  const runs = new LogRuns();
  for (const [transactionId, position] of log) runs.read(transactionId, position);
  return runs;
}

describe('renumbering the log for another database', () => {
  it('gives each run of rising positions one number, so that reading order is kept', () => {
    const runs = runsOf(LOG);
    expect(runs.count).toBe(3);
    const renumbered = LOG.map(([tx, position]) => runs.checkpoint(`${tx}:${position}`));
    expect(renumbered).toEqual(['1:1', '1:2', '1:5', '1:6', '2:3', '2:4', '2:7', '2:9', '3:8']);
    // Sorted as the log is read, (transaction id, position), the renumbered log is in the same order.
    const key = (checkpoint: string) => checkpoint.split(':').map(Number) as [number, number];
    const sorted = [...renumbered].sort((a, b) => key(a)[0] - key(b)[0] || key(a)[1] - key(b)[1]);
    expect(sorted).toEqual(renumbered);
  });

  it("rewrites an event row's transaction id and a seal's checkpoint, and nothing else of them", () => {
    const runs = runsOf(LOG);
    const event = '{"global_position":4,"transaction_id":"905","event_id":"e","data":{"transaction_id":"905"}}';
    expect(runs.eventRow(event)).toBe(
      '{"global_position":4,"transaction_id":"2","event_id":"e","data":{"transaction_id":"905"}}',
    );
    expect(() => runs.eventRow('{"transaction_id":"905","global_position":4}')).toThrow(/not shaped as the log/);
    const seal = '{"seq":9,"position":8,"checkpoint":"1201:8","link":"ab"}';
    expect(runs.sealRow(seal)).toBe('{"seq":9,"position":8,"checkpoint":"3:8","link":"ab"}');
  });

  it('numbers the ids as numbers, not as text (1000 after 999)', () => {
    const runs = runsOf([
      [999n, 2],
      [1000n, 1],
    ]);
    expect([runs.checkpoint('999:2'), runs.checkpoint('1000:1')]).toEqual(['1:2', '2:1']);
  });
});
