import type pg from "pg";
import type { AuthCache } from "../auth-cache.js";
import type { GrantStore } from "../store.js";
import { StoreError } from "../store-error.js";
import type { AccountGrants } from "../types.js";
import { inTransaction } from "./pg-pool.js";

/**
 * The PostgreSQL plugin grants and plugin-skill switch. Reads are cached per account; the cache
 * is cleared whenever any instance changes authentication (the store's NOTIFY listener).
 */
export function pgGrants(
  pool: pg.Pool,
  cache: AuthCache<AccountGrants>,
  authChanged: (client: pg.PoolClient) => Promise<void>,
): GrantStore {
  const read = async (accountId: number): Promise<AccountGrants> => {
    const { rows } = await pool.query<{ plugins: string[] | null; plugin_skills: boolean | null }>(
      `SELECT (SELECT array_agg(plugin ORDER BY plugin) FROM plugin_grants WHERE account_id = $1) AS plugins,
              (SELECT plugin_skills FROM account_settings WHERE account_id = $1) AS plugin_skills`,
      [accountId],
    );
    const row = rows[0];
    // Frozen: a read is cached and shared, and its list reaches plugins through `access.grants`.
    return Object.freeze({
      plugins: Object.freeze([...(row?.plugins ?? [])]),
      pluginSkills: row?.plugin_skills ?? true,
    });
  };
  return {
    async pluginSkillsOff() {
      const { rows } = await pool.query<{ account_id: number }>(
        "SELECT account_id FROM account_settings WHERE NOT plugin_skills ORDER BY account_id",
      );
      return rows.map((row) => row.account_id);
    },
    async get(accountId) {
      const key = String(accountId);
      const cached = cache.get(key);
      if (cached) return cached;
      const grants = await read(accountId);
      cache.set(key, grants);
      return grants;
    },
    async set(accountId, grants) {
      await inTransaction(pool, async (client) => {
        const account = await client.query("SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE", [
          accountId,
        ]);
        if (account.rowCount === 0) throw new StoreError("not_found", `no account ${accountId}`);
        await client.query("DELETE FROM plugin_grants WHERE account_id = $1", [accountId]);
        await client.query(
          "INSERT INTO plugin_grants (account_id, plugin) SELECT $1, p FROM unnest($2::text[]) AS p ON CONFLICT DO NOTHING",
          [accountId, [...grants.plugins]],
        );
        await client.query(
          "INSERT INTO account_settings (account_id, plugin_skills) VALUES ($1, $2) ON CONFLICT (account_id) DO UPDATE SET plugin_skills = excluded.plugin_skills",
          [accountId, grants.pluginSkills],
        );
        await authChanged(client);
      });
      return read(accountId);
    },
  };
}
