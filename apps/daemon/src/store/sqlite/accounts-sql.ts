import type Database from "better-sqlite3";
import { type AccountRow, ownerExists, ownerNotRemovable, toAccount } from "../account-rows.js";
import type { AccountStore } from "../store.js";

/** The SQLite accounts table. */
export function sqliteAccounts(
  db: Database.Database,
  now: () => number,
  onChange: () => void,
): AccountStore {
  const insert = db.prepare("INSERT INTO accounts (name, role, created_at) VALUES (?, ?, ?)");
  const byId = db.prepare<[number], AccountRow>("SELECT * FROM accounts WHERE id = ?");
  const all = db.prepare<[], AccountRow>("SELECT * FROM accounts ORDER BY id");
  const owner = db.prepare<[], AccountRow>("SELECT * FROM accounts WHERE role = 'owner'");
  const remove = db.prepare("DELETE FROM accounts WHERE id = ?");
  return {
    async create({ name, role }) {
      if (role === "owner" && owner.get()) throw ownerExists();
      const createdAt = now();
      const id = Number(insert.run(name, role, createdAt).lastInsertRowid);
      return { id, name, role, createdAt };
    },
    async get(id) {
      const row = byId.get(id);
      return row ? toAccount(row) : undefined;
    },
    async list() {
      return all.all().map(toAccount);
    },
    async exists(id) {
      return Number.isSafeInteger(id) && byId.get(id) !== undefined;
    },
    async owner() {
      const row = owner.get();
      return row ? toAccount(row) : undefined;
    },
    async remove(id) {
      const row = byId.get(id);
      if (row?.role === "owner") throw ownerNotRemovable();
      const removed = remove.run(id).changes > 0;
      onChange();
      return removed;
    },
  };
}
