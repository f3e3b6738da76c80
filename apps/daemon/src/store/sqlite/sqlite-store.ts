import { randomBytes } from "node:crypto";
import { dirname, join } from "node:path";
import { AuthCache } from "../auth-cache.js";
import { BlobStore } from "../blob-store.js";
import type { Store } from "../store.js";
import type { AccountGrants } from "../types.js";
import { sqliteAccounts } from "./accounts-sql.js";
import { sqliteAttachments } from "./attachments-sql.js";
import { sqliteCards } from "./cards-sql.js";
import { sqliteGrants } from "./grants-sql.js";
import { sqliteJobs } from "./jobs-sql.js";
import { sqliteJournal } from "./journal-sql.js";
import { migrate } from "./migrate.js";
import { openDatabase } from "./open-database.js";
import { sqliteSessions } from "./sessions-sql.js";
import { sqliteTokens } from "./tokens-sql.js";
import { sqliteTurns } from "./turns-sql.js";
import { sqliteUsage } from "./usage-sql.js";

/** Options of {@link openSqliteStore}. */
export interface SqliteStoreOptions {
  /** The database file. Blobs go in `blobs/` beside it. */
  readonly file: string;
  /** The clock (default `Date.now`). */
  readonly now?: () => number;
  /** How long to wait for another process's lock before refusing (default 2000 ms). */
  readonly busyTimeoutMs?: number;
}

/**
 * Opens (creating if needed) the SQLite store: WAL, an exclusive lock for the daemon's life,
 * numbered migrations in one transaction, newer schemas refused. Throws DatabaseLockedError when
 * another process holds the database and SchemaTooNewError for a newer daemon's database.
 */
export function openSqliteStore(options: SqliteStoreOptions): Store {
  const now = options.now ?? Date.now;
  const db = openDatabase(
    options.file,
    options.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: options.busyTimeoutMs },
  );
  try {
    migrate(db, options.file);
  } catch (error) {
    db.close();
    throw error;
  }
  const blobs = new BlobStore(join(dirname(options.file), "blobs"));
  const journal = sqliteJournal(db, now);
  const grantCache = new AuthCache<AccountGrants>();
  let authEpoch = 0;
  const authChanged = () => {
    authEpoch += 1;
    grantCache.clear();
  };
  let closed = false;
  return {
    kind: "sqlite",
    accounts: sqliteAccounts(db, now, authChanged),
    tokens: sqliteTokens(db, now, authChanged),
    grants: sqliteGrants(db, grantCache, authChanged),
    sessions: sqliteSessions(db, now),
    journal,
    turns: sqliteTurns(db),
    cards: sqliteCards(db, now),
    attachments: sqliteAttachments(db, journal, blobs, now),
    usage: sqliteUsage(db, now),
    // A fresh holder id per open: the jobs a killed process held are claimable again.
    jobs: sqliteJobs(db, now, `i-${randomBytes(8).toString("hex")}`),
    blobs,
    authEpoch: () => authEpoch,
    async checkpoint() {
      if (!closed) db.pragma("wal_checkpoint(TRUNCATE)");
    },
    async close() {
      if (closed) return;
      closed = true;
      db.close();
    },
  };
}
