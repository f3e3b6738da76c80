import type { ElowenConfig } from "../config/schema.js";
import { openPostgresStore } from "./postgres/postgres-store.js";
import { openSqliteStore } from "./sqlite/sqlite-store.js";
import type { Store } from "./store.js";

/**
 * Opens the store the configuration names: the embedded SQLite file (the default), or the
 * PostgreSQL database that several instances share.
 */
export async function openStore(
  config: ElowenConfig["store"],
  log: (message: string) => void,
): Promise<Store> {
  if (config.kind === "sqlite") return openSqliteStore({ file: config.path });
  return openPostgresStore({ url: config.url, poolSize: config.poolSize, log });
}
