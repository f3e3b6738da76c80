import { migration001 } from "./001-initial.js";
import { migration002 } from "./002-turns.js";
import { migration003 } from "./003-usage-charges.js";
import { migration004 } from "./004-open-turns-scan.js";
import { migration005 } from "./005-jobs.js";
import { migration006 } from "./006-session-workspace.js";

/** One numbered migration: applied once, in order, inside a transaction. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/** Every migration, in order. A new one gets the next number and its own file. */
export const MIGRATIONS: readonly Migration[] = [
  migration001,
  migration002,
  migration003,
  migration004,
  migration005,
  migration006,
];
