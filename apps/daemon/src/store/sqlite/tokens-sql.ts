import { randomBytes } from "node:crypto";
import type Database from "better-sqlite3";
import { type AccountRow, toAccount } from "../account-rows.js";
import type { TokenStore } from "../store.js";
import { StoreError } from "../store-error.js";
import { hashToken, TOKEN_PATTERN, type TokenRow, toToken } from "../store-rows.js";

/** The SQLite tokens table. */
export function sqliteTokens(
  db: Database.Database,
  now: () => number,
  authChanged: () => void,
): TokenStore {
  const insert = db.prepare(
    "INSERT INTO tokens (account_id, hash, label, created_at) VALUES (?, ?, ?, ?)",
  );
  const verify = db.prepare<[string], AccountRow>(
    "SELECT a.* FROM tokens t JOIN accounts a ON a.id = t.account_id WHERE t.hash = ?",
  );
  const list = db.prepare<[number], TokenRow>(
    "SELECT id, account_id, label, created_at FROM tokens WHERE account_id = ? ORDER BY id",
  );
  const revoke = db.prepare("DELETE FROM tokens WHERE account_id = ? AND id = ?");
  const account = db.prepare("SELECT 1 FROM accounts WHERE id = ?");
  return {
    async issue(accountId, label) {
      if (!account.get(accountId)) throw new StoreError("not_found", `no account ${accountId}`);
      const token = `elw_${randomBytes(32).toString("base64url")}`;
      const createdAt = now();
      const id = Number(
        insert.run(accountId, hashToken(token), label ?? null, createdAt).lastInsertRowid,
      );
      return { token, record: { id, accountId, label: label ?? null, createdAt } };
    },
    async verify(token) {
      if (!TOKEN_PATTERN.test(token)) return undefined;
      // Not cached here: the HTTP gate remembers the tokens it admitted (Store.authEpoch).
      const row = verify.get(hashToken(token));
      return row ? toAccount(row) : undefined;
    },
    async list(accountId) {
      return list.all(accountId).map(toToken);
    },
    async revoke(accountId, tokenId) {
      const revoked = revoke.run(accountId, tokenId).changes > 0;
      authChanged();
      return revoked;
    },
  };
}
