import type { ElowenConfig } from "../config/schema.js";
import { openSqliteStore } from "./sqlite/sqlite-store.js";
import type { Store } from "./store.js";

/**
 * Opens the store the configuration names: the embedded SQLite file (the default), or the
 * PostgreSQL database that several instances share. The PostgreSQL driver is imported only
 * when the configuration names it, so that the embedded default does not load it at start.
 */
export async function openStore(
  config: ElowenConfig["store"],
  log: (message: string) => void,
): Promise<Store> {
  if (config.kind === "sqlite") return openSqliteStore({ file: config.path });
  const { openPostgresStore } = await import("./postgres/postgres-store.js");
  return openPostgresStore({ url: config.url, poolSize: config.poolSize, log });
}
