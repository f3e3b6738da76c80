import type { AccountRole } from "@elowen/plugin-api/access";
import type pg from "pg";
import type { AccountStore } from "../store.js";
import { StoreError } from "../store-error.js";
import type { AccountRecord } from "../types.js";
import { isUniqueViolation } from "./pg-pool.js";

/** An accounts row. */
export interface AccountRow {
  id: number;
  name: string;
  role: AccountRole;
  created_at: number;
}

/** Maps an account row. */
export function toAccount(row: AccountRow): AccountRecord {
  return { id: row.id, name: row.name, role: row.role, createdAt: row.created_at };
}

const OWNER_EXISTS = "the instance already has its owner";

/**
 * The PostgreSQL accounts table. `onChange` runs inside the removal's transaction with its client,
 * so the other instances hear of it (NOTIFY) exactly when it commits.
 */
export function pgAccounts(
  pool: pg.Pool,
  now: () => number,
  onChange: (client: pg.PoolClient) => Promise<void>,
): AccountStore {
  const one = async (sql: string, values: unknown[]) =>
    (await pool.query<AccountRow>(sql, values)).rows[0];
  return {
    async create({ name, role }) {
      const createdAt = now();
      try {
        const row = await one(
          "INSERT INTO accounts (name, role, created_at) VALUES ($1, $2, $3) RETURNING *",
          [name, role, createdAt],
        );
        return toAccount(row as AccountRow);
      } catch (error) {
        // The partial unique index keeps one owner even when two instances race to create it.
        if (isUniqueViolation(error)) throw new StoreError("conflict", OWNER_EXISTS);
        throw error;
      }
    },
    async get(id) {
      if (!Number.isSafeInteger(id)) return undefined;
      const row = await one("SELECT * FROM accounts WHERE id = $1", [id]);
      return row ? toAccount(row) : undefined;
    },
    async list() {
      return (await pool.query<AccountRow>("SELECT * FROM accounts ORDER BY id")).rows.map(
        toAccount,
      );
    },
    async exists(id) {
      if (!Number.isSafeInteger(id)) return false;
      return (await one("SELECT * FROM accounts WHERE id = $1", [id])) !== undefined;
    },
    async owner() {
      const row = await one("SELECT * FROM accounts WHERE role = 'owner'", []);
      return row ? toAccount(row) : undefined;
    },
    async remove(id) {
      if (!Number.isSafeInteger(id)) return false;
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const { rows } = await client.query<AccountRow>(
          "DELETE FROM accounts WHERE id = $1 AND role <> 'owner' RETURNING *",
          [id],
        );
        if (rows.length === 0) {
          const exists = await client.query<AccountRow>("SELECT role FROM accounts WHERE id = $1", [
            id,
          ]);
          if (exists.rows[0]?.role === "owner") {
            throw new StoreError("conflict", "the instance owner cannot be removed");
          }
        }
        await onChange(client);
        await client.query("COMMIT");
        return rows.length > 0;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
}
