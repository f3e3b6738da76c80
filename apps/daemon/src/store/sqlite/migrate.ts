import { ElowenError } from "@elowen/plugin-shared/errors";
import type Database from "better-sqlite3";
import { MIGRATIONS, type Migration } from "./migrations/index.js";

/** The store refuses a database written by a newer daemon. */
export class SchemaTooNewError extends ElowenError<"store.schema_too_new"> {
  override readonly name = "SchemaTooNewError";
  constructor(file: string, found: number, supported: number) {
    super({
      code: "store.schema_too_new",
      summary: `the database ${file} has schema version ${found}, newer than this daemon supports (${supported}): upgrade the daemon, or start it with another data directory (ELOWEN_HOME). It is never migrated down.`,
    });
  }
}

/**
 * Applies the migrations the database has not seen, all inside one transaction (the schema
 * version is `PRAGMA user_version`, which commits with them). A database newer than the last
 * migration is refused before anything is written.
 */
export function migrate(
  db: Database.Database,
  file: string,
  migrations: readonly Migration[] = MIGRATIONS,
): { readonly from: number; readonly to: number } {
  const latest = migrations.at(-1)?.version ?? 0;
  const current = db.pragma("user_version", { simple: true }) as number;
  if (current > latest) throw new SchemaTooNewError(file, current, latest);
  const pending = migrations.filter((m) => m.version > current);
  if (pending.length === 0) return { from: current, to: current };
  db.transaction(() => {
    for (const migration of pending) {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    }
  }).immediate();
  return { from: current, to: latest };
}
