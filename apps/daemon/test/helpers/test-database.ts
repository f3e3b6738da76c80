import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";

/**
 * The server the tests use: `ELOWEN_TEST_POSTGRES_URL`, else the development and CI server at
 * 127.0.0.1:5432 as user postgres (trust authentication). Its `postgres` database is where test
 * databases are created and dropped.
 */
export const TEST_POSTGRES_URL =
  process.env.ELOWEN_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** A connection URL for another database of the test server. */
export function databaseUrl(name: string): string {
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  try {
    await client.connect();
  } catch (error) {
    // Never a skip: a test that needs PostgreSQL and cannot reach it fails, saying how to fix it.
    throw new Error(
      `these tests need PostgreSQL at ${TEST_POSTGRES_URL} and cannot reach it (${error instanceof Error ? error.message : String(error)}): start it with \`pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start\` or set ELOWEN_TEST_POSTGRES_URL`,
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates a fresh database `elowen_test_<random>`; answers its URL and how to drop it. */
export async function createTestDatabase(): Promise<{
  readonly name: string;
  readonly url: string;
  drop(): Promise<void>;
}> {
  const name = `elowen_test_${randomBytes(6).toString("hex")}`;
  await admin((client) => client.query(`CREATE DATABASE ${name}`));
  return {
    name,
    url: databaseUrl(name),
    drop: async () => {
      await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** The connections other than the caller's that are open on a database (pg_stat_activity). */
export async function openConnections(database: string): Promise<number> {
  return admin(async (client) => {
    const { rows } = await client.query<{ n: string }>(
      "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
      [database],
    );
    return Number(rows[0]?.n ?? 0);
  });
}

/** A fresh database for the test file (or describe block): created before, dropped after. */
export function useTestDatabase(): { readonly url: string; readonly name: string } {
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });
  return {
    get url() {
      if (!database) throw new Error("the test database is created in beforeAll");
      return database.url;
    },
    get name() {
      if (!database) throw new Error("the test database is created in beforeAll");
      return database.name;
    },
  };
}

/** Runs one query on the database at `url` on its own connection and answers its rows. */
export async function queryRows<T extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}
