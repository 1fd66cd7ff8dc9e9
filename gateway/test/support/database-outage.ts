import { TEST_POSTGRES_URL, query, type TestDatabase } from '@dinebuds/testing';

/**
 * Takes a test database away from the service using it: new connections are refused and open
 * ones ended, so the service's own health check (SELECT 1) fails as in a real outage.
 * `end()` lets connections in again.
 */
export async function startDatabaseOutage(db: TestDatabase): Promise<{ end(): Promise<void> }> {
  await query(TEST_POSTGRES_URL, `ALTER DATABASE "${db.name}" WITH ALLOW_CONNECTIONS false`);
  await query(
    TEST_POSTGRES_URL,
    'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [db.name],
  );
  return {
    async end() {
      await query(TEST_POSTGRES_URL, `ALTER DATABASE "${db.name}" WITH ALLOW_CONNECTIONS true`);
    },
  };
}
