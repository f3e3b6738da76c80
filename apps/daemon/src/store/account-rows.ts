import type { AccountRole } from "@elowen/plugin-api/access";
import { StoreError } from "./store-error.js";
import type { AccountRecord } from "./types.js";

/** An accounts row as both engines return it. */
export interface AccountRow {
  id: number;
  name: string;
  role: AccountRole;
  created_at: number;
}

/** An accounts row as the store hands it out. */
export function toAccount(row: AccountRow): AccountRecord {
  return { id: row.id, name: row.name, role: row.role, createdAt: row.created_at };
}

/** The refusal of a second owner account: an instance has exactly one. */
export function ownerExists(): StoreError {
  return new StoreError("conflict", "the instance already has its owner");
}

/** The refusal to remove the owner account. */
export function ownerNotRemovable(): StoreError {
  return new StoreError("conflict", "the instance owner cannot be removed");
}
