import type pg from "pg";
import { type ChargeRow, chargeValues, toCharge } from "../charge-rows.js";
import type { UsageStore } from "../store.js";

/** The PostgreSQL usage-charge ledger. */
export function pgUsage(pool: pg.Pool, now: () => number): UsageStore {
  return {
    async charge(c) {
      const { rows } = await pool.query<ChargeRow>(
        `INSERT INTO usage_charges (account_id, session_id, origin, purpose, provider_id, connection_id,
           generation, model, input_tokens, output_tokens, cache_read_tokens, cache_write_tokens,
           cost_usd, created_at)
         VALUES ($1, (SELECT id FROM sessions WHERE id = $2), $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
         RETURNING *`,
        chargeValues(c, now()),
      );
      return toCharge(rows[0] as ChargeRow);
    },
    async list(accountId) {
      const { rows } = await pool.query<ChargeRow>(
        "SELECT * FROM usage_charges WHERE account_id = $1 ORDER BY id",
        [accountId],
      );
      return rows.map(toCharge);
    },
  };
}
