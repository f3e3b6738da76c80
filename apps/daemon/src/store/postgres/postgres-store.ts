import { randomBytes } from "node:crypto";
import type pg from "pg";
import { AuthCache } from "../auth-cache.js";
import type { Store } from "../store.js";
import type { AccountGrants } from "../types.js";
import { pgAccounts } from "./accounts-pg.js";
import { pgAttachments } from "./attachments-pg.js";
import { PgBlobStorage } from "./blobs-pg.js";
import { pgCards } from "./cards-pg.js";
import { notifyEntries } from "./entry-feed-pg.js";
import { pgGrants } from "./grants-pg.js";
import { pgJobs } from "./jobs-pg.js";
import { type AfterAppend, type HoldFence, pgJournal } from "./journal-pg.js";
import { migratePostgres } from "./migrate.js";
import { PgNotifier } from "./notifier.js";
import { openPool } from "./pg-pool.js";
import { pgSessions } from "./sessions-pg.js";
import { pgTokens } from "./tokens-pg.js";
import { pgTurns } from "./turns-pg.js";
import { pgUsage } from "./usage-pg.js";

/** The channel on which an instance tells the others that authentication may answer differently. */
export const AUTH_CHANNEL = "elowen_auth";

/** Options of {@link openPostgresStore}. */
export interface PostgresStoreOptions {
  /** The connection URL, `postgres://user:password@host:port/database`. */
  readonly url: string;
  /** The clock (default `Date.now`). */
  readonly now?: () => number;
  /** Connections in this instance's pool (default 10). */
  readonly poolSize?: number;
  /** Where the listener reports a dropped connection (default nowhere). */
  readonly log?: (message: string) => void;
  /** Runs inside every journal append's transaction (live-event pointers). */
  readonly afterAppend?: AfterAppend;
  /** This instance's id among those sharing the database (default a fresh random one). */
  readonly instanceId?: string;
}

/** A PostgreSQL store, with what the multi-instance parts of the daemon build on. */
export interface PostgresStore extends Store {
  readonly kind: "postgres";
  /** This instance's pool. */
  readonly pool: pg.Pool;
  /** The LISTEN connection, shared by everything that listens. */
  readonly notifier: PgNotifier;
  /** This instance's id: the turns it opens are recorded as its own. */
  readonly instanceId: string;
  /** Fences the journal's writes with this instance's session holds (set once it joins). */
  fenceWrites(fence: HoldFence): void;
}

/**
 * Opens the PostgreSQL store: a pool, the numbered migrations under an advisory lock (several
 * instances starting together apply each once), and a LISTEN connection through which a token
 * revoked, an account removed or grants set on any instance moves every instance's `authEpoch`.
 * Blobs live in the database. Throws SchemaTooNewError for a newer daemon's database.
 */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<PostgresStore> {
  const now = options.now ?? Date.now;
  const pool = openPool(options.url, options.poolSize ?? 10);
  // An idle client's error (the server restarted) must not crash the process; the next query
  // takes a fresh connection.
  pool.on("error", (error) =>
    options.log?.(`an idle PostgreSQL connection failed: ${error.message}`),
  );
  const notifier = new PgNotifier(options.url, options.log ?? (() => undefined));
  try {
    await migratePostgres(pool, options.url);
    await notifier.start();
  } catch (error) {
    await notifier.close();
    await pool.end();
    throw error;
  }
  const grantCache = new AuthCache<AccountGrants>();
  let authEpoch = 0;
  const authMoved = () => {
    authEpoch += 1;
    grantCache.clear();
  };
  await notifier.listen(AUTH_CHANNEL, authMoved);
  notifier.onResume(authMoved);
  // Local readers see the change at once; the notification (delivered on commit, to this
  // instance too) clears what a reader cached between now and the commit.
  const authChanged = async (client: pg.PoolClient) => {
    authMoved();
    await client.query(`NOTIFY ${AUTH_CHANNEL}`);
  };
  const blobs = new PgBlobStorage(pool, now);
  const instanceId = options.instanceId ?? `i-${randomBytes(8).toString("hex")}`;
  // Every append tells the other instances what it committed (see entry-feed-pg).
  let fence: HoldFence = () => undefined;
  const journal = pgJournal(
    pool,
    now,
    instanceId,
    async (client, sessionId, written) => {
      await notifyEntries(client, instanceId, sessionId, written);
      await options.afterAppend?.(client, sessionId, written);
    },
    (sessionId) => fence(sessionId),
  );
  const jobs = await pgJobs(pool, notifier, instanceId);
  let closed = false;
  return {
    kind: "postgres",
    pool,
    notifier,
    instanceId,
    fenceWrites(next) {
      fence = next;
    },
    accounts: pgAccounts(pool, now, authChanged),
    tokens: pgTokens(pool, now, authChanged),
    grants: pgGrants(pool, grantCache, authChanged),
    sessions: pgSessions(pool, now),
    journal,
    turns: pgTurns(pool),
    cards: pgCards(pool, now),
    attachments: pgAttachments(pool, journal, blobs, now),
    usage: pgUsage(pool, now),
    jobs,
    blobs,
    authEpoch: () => authEpoch,
    async checkpoint() {
      // Every commit is durable in PostgreSQL's WAL: nothing to fold in.
    },
    async close() {
      if (closed) return;
      closed = true;
      await notifier.close();
      await pool.end();
    },
  };
}
