import type { Knex } from 'knex';

/**
 * `payment_sessions` only repeated what `PaymentSessionOpened` (and its order) say: it becomes the
 * `payment-sessions` projection's view, rebuilt from the log when the projector starts. The old
 * table goes; nothing in it is lost, the log holds every row of it.
 */
export const paymentSessionsProjection = {
  name: '0002-payment-sessions-projection',
  up: async (knex: Knex) => {
    await knex.raw(`
      DO $$ BEGIN
        IF EXISTS (SELECT 1 FROM pg_class WHERE relname = 'payment_sessions' AND relkind = 'r'
                   AND relnamespace = current_schema()::regnamespace) THEN
          DROP TABLE payment_sessions;
        END IF;
      END $$;`);
  },
  down: async () => {
    throw new Error('0002-payment-sessions-projection cannot be undone: the projection serves the view now');
  },
};
