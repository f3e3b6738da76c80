import type Database from "better-sqlite3";
import type { UsageStore } from "../store.js";
import type { UsageCharge } from "../types.js";

/** A usage_charges row. */
export interface ChargeRow {
  id: number;
  account_id: number;
  session_id: string | null;
  origin: string;
  purpose: string;
  provider_id: string;
  connection_id: string;
  generation: number;
  model: string;
  input_tokens: number;
  output_tokens: number;
  cache_read_tokens: number;
  cache_write_tokens: number;
  cost_usd: number;
  created_at: number;
}

/** Maps a usage_charges row. */
export function toCharge(row: ChargeRow): UsageCharge {
  return {
    id: row.id,
    accountId: row.account_id,
    sessionId: row.session_id,
    origin: row.origin,
    purpose: row.purpose,
    providerId: row.provider_id,
    connectionId: row.connection_id,
    generation: row.generation,
    model: row.model,
    inputTokens: row.input_tokens,
    outputTokens: row.output_tokens,
    cacheReadInputTokens: row.cache_read_tokens,
    cacheCreationInputTokens: row.cache_write_tokens,
    costUsd: row.cost_usd,
    createdAt: row.created_at,
  };
}

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
      const id = Number(
        insert.run(
          c.accountId,
          c.sessionId,
          c.origin,
          c.purpose,
          c.providerId,
          c.connectionId,
          c.generation,
          c.model,
          c.inputTokens,
          c.outputTokens,
          c.cacheReadInputTokens,
          c.cacheCreationInputTokens,
          c.costUsd,
          now(),
        ).lastInsertRowid,
      );
      return toCharge(byId.get(id) as ChargeRow);
    },
    async list(accountId) {
      return list.all(accountId).map(toCharge);
    },
  };
}
