import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * Makes the database fail a statement as a process dying there would: every insert into `table`
 * (of one event type when `eventType` is given for `es_events`) fails, and so does every delete
 * from `blockDeletesOn`, so no clean-up the shop would run afterwards can happen either.
 * Returns the function that lifts it.
 */
export async function crashOnInsert(
  knex: Knex,
  options: { table: string; eventType?: string; blockDeletesOn?: string },
): Promise<() => Promise<void>> {
  const name = `crash_${randomBytes(4).toString('hex')}`;
  const when = options.eventType ? knex.raw('WHEN (NEW.event_type = ?)', [options.eventType]).toQuery() : '';
  await knex.raw(`
    CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'process killed'; END $$;
    CREATE TRIGGER ${name} BEFORE INSERT ON ${options.table} FOR EACH ROW ${when} EXECUTE FUNCTION ${name}();`);
  const liftDeletes = options.blockDeletesOn ? await crashOnDelete(knex, options.blockDeletesOn) : null;
  return async () => {
    await knex.raw(`DROP FUNCTION ${name}() CASCADE`);
    await liftDeletes?.();
  };
}

/** Every delete from `table` fails until lifted: the clean-up a dying process would never run. */
export async function crashOnDelete(knex: Knex, table: string): Promise<() => Promise<void>> {
  const name = `crash_${randomBytes(4).toString('hex')}`;
  await knex.raw(`
    CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'process killed'; END $$;
    CREATE TRIGGER ${name} BEFORE DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}();`);
  return async () => {
    await knex.raw(`DROP FUNCTION ${name}() CASCADE`);
  };
}
