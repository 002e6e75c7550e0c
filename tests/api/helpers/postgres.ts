import pg from 'pg';

/** The server named by TEST_DATABASE_URL, used only to create and drop per-file databases. */
export function testServerUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}

/** TEST_DATABASE_URL with another database name. */
export function databaseUrl(name: string): string {
  const url = new URL(testServerUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement (CREATE/DROP DATABASE cannot run in a transaction or a pool's session). */
export async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: testServerUrl() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
