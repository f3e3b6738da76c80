import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { ElowenError } from "@elowen/plugin-shared/errors";
import Database from "better-sqlite3";

/** Another process holds the database: two daemons cannot share one data directory. */
export class DatabaseLockedError extends ElowenError<"store.database_locked"> {
  override readonly name = "DatabaseLockedError";
  constructor(file: string) {
    super({
      code: "store.database_locked",
      summary: `the database ${file} is locked by another process: is another daemon running with this data directory? Stop it, or start this one with another ELOWEN_HOME.`,
    });
  }
}

/**
 * Opens the database in WAL mode with an exclusive lock held for the daemon's life, so a second
 * daemon on the same data directory is refused instead of interleaving writes. `synchronous =
 * NORMAL` keeps every committed transaction across a process kill (the WAL is in the OS cache).
 */
export function openDatabase(
  file: string,
  options: { readonly busyTimeoutMs?: number } = {},
): Database.Database {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const db = new Database(file, { timeout: options.busyTimeoutMs ?? 2000 });
  try {
    db.pragma("locking_mode = EXCLUSIVE");
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    db.pragma("foreign_keys = ON");
    // Take the exclusive lock now rather than at the first write.
    db.exec("BEGIN EXCLUSIVE; COMMIT;");
  } catch (error) {
    db.close();
    if (isBusy(error)) throw new DatabaseLockedError(file);
    throw error;
  }
  return db;
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === "SQLITE_BUSY" || code === "SQLITE_LOCKED" || code === "SQLITE_BUSY_SNAPSHOT";
}
