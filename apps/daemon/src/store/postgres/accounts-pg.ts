import type pg from "pg";
import { type AccountRow, ownerExists, ownerNotRemovable, toAccount } from "../account-rows.js";
import type { AccountStore } from "../store.js";
import { inTransaction, isUniqueViolation } from "./pg-pool.js";

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
        if (isUniqueViolation(error)) throw ownerExists();
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
      return inTransaction(pool, async (client) => {
        const { rows } = await client.query<AccountRow>(
          "DELETE FROM accounts WHERE id = $1 AND role <> 'owner' RETURNING *",
          [id],
        );
        if (rows.length === 0) {
          const exists = await client.query<AccountRow>("SELECT role FROM accounts WHERE id = $1", [
            id,
          ]);
          if (exists.rows[0]?.role === "owner") throw ownerNotRemovable();
        }
        await onChange(client);
        return rows.length > 0;
      });
    },
  };
}
