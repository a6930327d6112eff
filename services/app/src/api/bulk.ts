import type { BulkOutcome } from '@shop/contracts';
import { refusalOf } from './problem.js';

/**
 * Acts on each selected record in turn, each by its own command (so each keeps its own history,
 * actor and reason, and a record the rules refuse leaves the others unaffected), and reports every
 * record's outcome. A failure of the shop itself (the database gone) ends the request: what was
 * done stays done, and the same request sent again changes nothing more.
 */
export async function actOnEach(
  ids: readonly string[],
  act: (id: string) => Promise<{ changed: boolean }>,
): Promise<BulkOutcome> {
  const results: BulkOutcome['results'] = [];
  for (const id of ids) {
    try {
      const { changed } = await act(id);
      results.push({ id, outcome: changed ? 'changed' : 'unchanged' });
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      results.push({ id, outcome: 'refused', ...refusal });
    }
  }
  const count = (outcome: BulkOutcome['results'][number]['outcome']) =>
    results.filter((result) => result.outcome === outcome).length;
  return { changed: count('changed'), unchanged: count('unchanged'), refused: count('refused'), results };
}
