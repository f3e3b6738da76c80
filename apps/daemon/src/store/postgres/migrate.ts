import type pg from "pg";
import { SchemaTooNewError } from "../sqlite/migrate.js";
import type { Migration } from "../sqlite/migrations/index.js";
import { PG_MIGRATIONS } from "./migrations/index.js";
import { inTransaction } from "./pg-pool.js";

/**
 * The advisory lock key every instance takes while it migrates ("elowen" in ASCII, one key for
 * the whole database): several instances starting together apply each migration exactly once.
 */
export const MIGRATION_LOCK_KEY = 0x656c6f77656e;

/**
 * Applies the migrations the database has not seen, all in one transaction that holds
 * {@link MIGRATION_LOCK_KEY}: the second instance to start waits for the first, then finds
 * nothing to do. Applied versions are rows of `elowen_migrations`. A database newer than the
 * last migration is refused before anything is written.
 */
export async function migratePostgres(
  pool: pg.Pool,
  url: string,
  migrations: readonly Migration[] = PG_MIGRATIONS,
): Promise<{ readonly from: number; readonly to: number }> {
  const latest = migrations.at(-1)?.version ?? 0;
  return inTransaction(pool, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS elowen_migrations (
         version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`,
    );
    const { rows } = await client.query<{ version: number | null }>(
      "SELECT MAX(version) AS version FROM elowen_migrations",
    );
    const current = rows[0]?.version ?? 0;
    if (current > latest) throw new SchemaTooNewError(redactUrl(url), current, latest);
    for (const migration of migrations.filter((m) => m.version > current)) {
      await client.query(migration.sql);
      await client.query(
        "INSERT INTO elowen_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
        [migration.version, migration.name, Date.now()],
      );
    }
    return { from: current, to: Math.max(current, latest) };
  });
}

/** A connection URL without its password, for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== "") parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(a PostgreSQL URL that does not parse)";
  }
}
