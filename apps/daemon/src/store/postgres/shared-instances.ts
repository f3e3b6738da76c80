import type { SharedJournal } from "../../live/journal-cursor.js";
import type { JournalEntry } from "../types.js";
import { followEntries, pgSharedJournal } from "./entry-feed-pg.js";
import { PgInstanceLease } from "./instance-lease-pg.js";
import type { PostgresStore } from "./postgres-store.js";
import { PgSessionHolds, type RecoverSession } from "./session-holds-pg.js";
import { PgTurnRelay, type RelayHandler } from "./turn-relay-pg.js";

/** This instance among those sharing a PostgreSQL database: its lease and its session holds. */
export interface SharedInstances {
  readonly holds: PgSessionHolds;
  /** The journal as a stream resumed from another instance reads it. */
  readonly journal: SharedJournal;
  /** Carries answers and aborts to the instance running a session's turn. */
  readonly relay: PgTurnRelay;
  /** Carries out here the requests other instances relay to this one's turns. */
  serveRelay(handler: RelayHandler): Promise<void>;
  /** Ends the lease: the sessions this instance held are free at once. */
  stop(): Promise<void>;
}

/**
 * Joins the instances of the store's database: inserts this instance's lease and starts its
 * heartbeat, listens for released holds, and follows the entries other instances commit. `recover` marks a session's turns that a dead
 * instance left running; it runs only while this instance holds that session.
 */
export async function joinInstances(
  store: PostgresStore,
  options: {
    readonly leaseMs: number;
    readonly recover: RecoverSession;
    /** Entries another instance committed, for a session with a subscriber here. */
    readonly entries: {
      readonly wanted: (sessionId: string) => boolean;
      readonly deliver: (sessionId: string, entries: readonly JournalEntry[]) => void;
    };
    readonly log: (message: string) => void;
  },
): Promise<SharedInstances> {
  const lease = new PgInstanceLease(store.pool, store.instanceId, options.leaseMs, options.log);
  const holds = new PgSessionHolds(store.pool, lease, options.recover, options.log);
  await holds.start(store.notifier);
  store.fenceWrites((sessionId) => holds.fence(sessionId));
  await followEntries({
    pool: store.pool,
    notifier: store.notifier,
    instanceId: store.instanceId,
    ...options.entries,
    log: options.log,
  });
  await lease.start();
  const relay = new PgTurnRelay(store.pool, store.instanceId, options.log);
  return {
    holds,
    journal: pgSharedJournal(store.pool),
    relay,
    serveRelay: (handler) => relay.start(store.notifier, handler),
    stop: () => lease.stop(),
  };
}
