import type { Migration } from "../../sqlite/migrations/index.js";
import { pgMigration001 } from "./001-initial.js";
import { pgMigration002 } from "./002-instances.js";
import { pgMigration003 } from "./003-jobs.js";
import { pgMigration004 } from "./004-session-workspace.js";
import { pgMigration005 } from "./005-fencing-relay.js";

/** Every PostgreSQL migration, in order. A new one gets the next number and its own file. */
export const PG_MIGRATIONS: readonly Migration[] = [
  pgMigration001,
  pgMigration002,
  pgMigration003,
  pgMigration004,
  pgMigration005,
];
