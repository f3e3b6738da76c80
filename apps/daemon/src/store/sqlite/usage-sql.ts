import type Database from "better-sqlite3";
import { type ChargeRow, chargeValues, toCharge } from "../charge-rows.js";
import type { UsageStore } from "../store.js";

/** The SQLite usage-charge ledger. */
export function sqliteUsage(db: Database.Database, now: () => number): UsageStore {
  const insert = db.prepare(
    `INSERT INTO usage_charges (account_id, session_id, origin, purpose, provider_id, connection_id,
       generation, model, input_tokens, output_tokens, cache_read_tokens, cache_write_tokens,
       cost_usd, created_at)
     VALUES (?, (SELECT id FROM sessions WHERE id = ?), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const byId = db.prepare<[number], ChargeRow>("SELECT * FROM usage_charges WHERE id = ?");
  const list = db.prepare<[number], ChargeRow>(
    "SELECT * FROM usage_charges WHERE account_id = ? ORDER BY id",
  );
  return {
    async charge(c) {
      const id = Number(insert.run(...chargeValues(c, now())).lastInsertRowid);
      return toCharge(byId.get(id) as ChargeRow);
    },
    async list(accountId) {
      return list.all(accountId).map(toCharge);
    },
  };
}
