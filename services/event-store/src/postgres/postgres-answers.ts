import pg from 'pg';

/** Whether a PostgreSQL server answers a query at `url` within two seconds; never throws. */
export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  // A server that goes away mid-probe raises on the client: the answer is simply "no".
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
