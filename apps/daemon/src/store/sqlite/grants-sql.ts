import type Database from "better-sqlite3";
import type { AuthCache } from "../auth-cache.js";
import type { GrantStore } from "../store.js";
import { StoreError } from "../store-error.js";
import type { AccountGrants } from "../types.js";

/** The SQLite plugin grants and the per-account plugin-skill switch. */
export function sqliteGrants(
  db: Database.Database,
  cache: AuthCache<AccountGrants>,
  authChanged: () => void,
): GrantStore {
  const plugins = db.prepare<[number], { plugin: string }>(
    "SELECT plugin FROM plugin_grants WHERE account_id = ? ORDER BY plugin",
  );
  const skills = db.prepare<[number], { plugin_skills: number }>(
    "SELECT plugin_skills FROM account_settings WHERE account_id = ?",
  );
  const clear = db.prepare("DELETE FROM plugin_grants WHERE account_id = ?");
  const grant = db.prepare(
    "INSERT OR IGNORE INTO plugin_grants (account_id, plugin) VALUES (?, ?)",
  );
  const setSkills = db.prepare(
    "INSERT INTO account_settings (account_id, plugin_skills) VALUES (?, ?) ON CONFLICT (account_id) DO UPDATE SET plugin_skills = excluded.plugin_skills",
  );
  const account = db.prepare("SELECT 1 FROM accounts WHERE id = ?");
  // Frozen: a read is cached and shared, and its list reaches plugins through `access.grants`.
  const read = (accountId: number): AccountGrants =>
    Object.freeze({
      plugins: Object.freeze(plugins.all(accountId).map((r) => r.plugin)),
      pluginSkills: (skills.get(accountId)?.plugin_skills ?? 1) === 1,
    });
  const write = db.transaction(
    (accountId: number, list: readonly string[], pluginSkills: boolean) => {
      clear.run(accountId);
      for (const plugin of list) grant.run(accountId, plugin);
      setSkills.run(accountId, pluginSkills ? 1 : 0);
    },
  );
  const off = db.prepare<[], { account_id: number }>(
    "SELECT account_id FROM account_settings WHERE plugin_skills = 0 ORDER BY account_id",
  );
  return {
    async pluginSkillsOff() {
      return off.all().map((row) => row.account_id);
    },
    async get(accountId) {
      const key = String(accountId);
      const cached = cache.get(key);
      if (cached) return cached;
      const grants = read(accountId);
      cache.set(key, grants);
      return grants;
    },
    async set(accountId, grants) {
      if (!account.get(accountId)) throw new StoreError("not_found", `no account ${accountId}`);
      write.immediate(accountId, grants.plugins, grants.pluginSkills);
      authChanged();
      return read(accountId);
    },
  };
}
