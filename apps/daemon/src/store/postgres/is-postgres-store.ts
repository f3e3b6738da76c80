import type { Store } from "../store.js";
import type { PostgresStore } from "./postgres-store.js";

/**
 * True for the PostgreSQL store (several instances may share its database). Kept apart from the
 * PostgreSQL modules so that asking does not load the driver: the embedded default never does.
 */
export function isPostgresStore(store: Store): store is PostgresStore {
  return store.kind === "postgres";
}
