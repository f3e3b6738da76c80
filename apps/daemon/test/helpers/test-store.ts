import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach } from "vitest";
import { openSqliteStore } from "../../src/store/sqlite/sqlite-store.js";
import type { Store } from "../../src/store/store.js";
import { tempHome } from "./test-daemon.js";

/** A fresh SQLite store with an owner and one interactive session, per test. */
export function useTestStore(): { readonly store: Store; readonly sessionId: string } {
  const state = { store: undefined as unknown as Store, sessionId: "", home: "" };
  beforeEach(async () => {
    state.home = tempHome();
    state.store = openSqliteStore({ file: join(state.home, "elowen.db") });
    const owner = await state.store.accounts.create({ name: "owner", role: "owner" });
    state.sessionId = (
      await state.store.sessions.create({ ownerId: owner.id, kind: "interactive" })
    ).id;
  });
  afterEach(async () => {
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
  };
}
