import { randomBytes } from "node:crypto";
import type pg from "pg";
import { type AccountRow, toAccount } from "../account-rows.js";
import type { TokenStore } from "../store.js";
import { StoreError } from "../store-error.js";
import { hashToken, TOKEN_PATTERN, type TokenRow, toToken } from "../store-rows.js";
import { inTransaction, isForeignKeyViolation } from "./pg-pool.js";

/**
 * The PostgreSQL tokens table: a token issued through one instance verifies on every other,
 * since verification reads the shared table. `authChanged` runs inside a revocation's transaction.
 */
export function pgTokens(
  pool: pg.Pool,
  now: () => number,
  authChanged: (client: pg.PoolClient) => Promise<void>,
): TokenStore {
  return {
    async issue(accountId, label) {
      const token = `elw_${randomBytes(32).toString("base64url")}`;
      const createdAt = now();
      try {
        const { rows } = await pool.query<TokenRow>(
          "INSERT INTO tokens (account_id, hash, label, created_at) VALUES ($1, $2, $3, $4) RETURNING id, account_id, label, created_at",
          [accountId, hashToken(token), label ?? null, createdAt],
        );
        return { token, record: toToken(rows[0] as TokenRow) };
      } catch (error) {
        if (isForeignKeyViolation(error)) {
          throw new StoreError("not_found", `no account ${accountId}`);
        }
        throw error;
      }
    },
    async verify(token) {
      if (!TOKEN_PATTERN.test(token)) return undefined;
      const { rows } = await pool.query<AccountRow>(
        "SELECT a.* FROM tokens t JOIN accounts a ON a.id = t.account_id WHERE t.hash = $1",
        [hashToken(token)],
      );
      return rows[0] ? toAccount(rows[0]) : undefined;
    },
    async list(accountId) {
      const { rows } = await pool.query<TokenRow>(
        "SELECT id, account_id, label, created_at FROM tokens WHERE account_id = $1 ORDER BY id",
        [accountId],
      );
      return rows.map(toToken);
    },
    async revoke(accountId, tokenId) {
      return inTransaction(pool, async (client) => {
        const { rowCount } = await client.query(
          "DELETE FROM tokens WHERE account_id = $1 AND id = $2",
          [accountId, tokenId],
        );
        await authChanged(client);
        return (rowCount ?? 0) > 0;
      });
    },
  };
}
