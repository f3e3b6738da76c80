import { rmSync, utimesSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { afterEach, beforeEach } from "vitest";
import { BlobStore } from "../../src/store/blob-store.js";
import { openPostgresStore } from "../../src/store/postgres/postgres-store.js";
import { openSqliteStore } from "../../src/store/sqlite/sqlite-store.js";
import type { Store } from "../../src/store/store.js";
import { tempHome } from "./test-daemon.js";
import { useTestDatabase } from "./test-database.js";

/** The engines the store contract suite runs on. */
export const STORE_KINDS = ["sqlite", "postgres"] as const;
export type StoreKind = (typeof STORE_KINDS)[number];

/** A per-test store with an owner and one interactive session, and engine-specific seams. */
export interface TestStore {
  readonly store: Store;
  readonly sessionId: string;
  /** Another store on the same engine with its own clock (a fresh one where that is possible). */
  open(options: { readonly now: () => number }): Promise<Store>;
  /** Makes a stored blob look `ageMs` old to the sweep. */
  ageBlob(hash: string, ageMs: number): Promise<void>;
}

const TABLES =
  "accounts, tokens, plugin_grants, account_settings, sessions, entries, cards, attachments, open_turns, usage_charges, blobs, jobs";

/**
 * A fresh store per test: SQLite in a temporary directory, or PostgreSQL in a database created
 * for the file (or describe block) and emptied before each test.
 */
export function useTestStore(kind: StoreKind = "sqlite"): TestStore {
  const database = kind === "postgres" ? useTestDatabase() : undefined;
  const state = { store: undefined as unknown as Store, sessionId: "", home: "" };
  const extra: Store[] = [];
  beforeEach(async () => {
    state.home = tempHome();
    if (database) {
      const store = await openPostgresStore({ url: database.url, poolSize: 4 });
      await store.pool.query(`TRUNCATE ${TABLES} RESTART IDENTITY CASCADE`);
      state.store = store;
    } else state.store = openSqliteStore({ file: join(state.home, "elowen.db") });
    const owner = await state.store.accounts.create({ name: "owner", role: "owner" });
    state.sessionId = (
      await state.store.sessions.create({ ownerId: owner.id, kind: "interactive" })
    ).id;
  });
  afterEach(async () => {
    for (const store of extra.splice(0)) await store.close();
    await state.store.close();
    rmSync(state.home, { recursive: true, force: true });
  });
  return {
    get store() {
      return state.store;
    },
    get sessionId() {
      return state.sessionId;
    },
    async open({ now }) {
      const store = database
        ? await openPostgresStore({ url: database.url, now, poolSize: 2 })
        : openSqliteStore({ file: join(state.home, "second", "elowen.db"), now });
      extra.push(store);
      return store;
    },
    async ageBlob(hash, ageMs) {
      const at = Date.now() - ageMs;
      if (!database) {
        const old = new Date(at);
        utimesSync(new BlobStore(join(state.home, "blobs")).path(hash), old, old);
        return;
      }
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        await client.query("UPDATE blobs SET created_at = $1 WHERE hash = $2", [at, hash]);
      } finally {
        await client.end();
      }
    },
  };
}
