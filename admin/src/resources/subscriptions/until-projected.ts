import type { ShopDataProvider } from '../../providers/data-provider';
import type { Subscription } from './subscription-vocabulary';
import { waitUntil } from '../../lib/wait-until';

/**
 * The subscription's read model follows the log a moment after a decision is appended: wait for
 * it (a few seconds at most) so the screen shows what was just done. `done` is given null once the
 * subscription has left the read model; unless it accepts that, the 404 is thrown to the caller.
 */
export async function untilProjected(
  dataProvider: ShopDataProvider,
  id: string,
  done: (row: Subscription | null) => boolean,
) {
  await waitUntil(
    () =>
      dataProvider
        .getOne<Subscription>('subscriptions', { id })
        .then(({ data }): Subscription | null => data)
        .catch((error: { status?: number }) => {
          // Gone from the read model: done if the caller waited for that, else the refusal it is.
          if (error.status === 404 && done(null)) return null;
          throw error;
        }),
    (row) => row === null || done(row),
  );
}
