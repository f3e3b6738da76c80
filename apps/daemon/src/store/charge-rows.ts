import type { UsageStore } from "./store.js";
import type { UsageCharge } from "./types.js";

/** A usage_charges row as both engines return it. */
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

/** A usage_charges row as the store hands it out. */
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

/**
 * The values of a charge's insert, in the order of the columns `account_id, session_id, origin,
 * purpose, provider_id, connection_id, generation, model, input_tokens, output_tokens,
 * cache_read_tokens, cache_write_tokens, cost_usd, created_at`.
 */
export function chargeValues(
  charge: Parameters<UsageStore["charge"]>[0],
  at: number,
): (string | number | null)[] {
  return [
    charge.accountId,
    charge.sessionId,
    charge.origin,
    charge.purpose,
    charge.providerId,
    charge.connectionId,
    charge.generation,
    charge.model,
    charge.inputTokens,
    charge.outputTokens,
    charge.cacheReadInputTokens,
    charge.cacheCreationInputTokens,
    charge.costUsd,
    at,
  ];
}
