import { existsSync } from "node:fs";
import { join } from "node:path";
import { writeTextAtomic } from "@elowen/plugin-shared/atomicText";
import type { Store } from "../store/store.js";
import { StoreError } from "../store/store-error.js";

/** The owner token's file name in the data directory. */
export const OWNER_TOKEN_FILE = "owner.token";

/**
 * Makes sure the instance owner exists and can sign in. First start creates the owner account
 * and writes its token to `<home>/owner.token` (mode 0600, written atomically). When the file is
 * gone later, a new owner token is issued into it; existing tokens stay valid.
 */
export async function ensureOwner(
  store: Store,
  home: string,
): Promise<{ readonly file: string; readonly created: boolean }> {
  const file = join(home, OWNER_TOKEN_FILE);
  let owner = await store.accounts.owner();
  let created = owner === undefined;
  if (owner === undefined) {
    try {
      owner = await store.accounts.create({ name: "owner", role: "owner" });
    } catch (error) {
      // Another instance on the same database created it first: this one signs in as it.
      const existing = await store.accounts.owner();
      if (!(error instanceof StoreError && error.code === "store.conflict") || !existing)
        throw error;
      owner = existing;
      created = false;
    }
  }
  if (!created && existsSync(file)) return { file, created };
  const { token } = await store.tokens.issue(
    owner.id,
    created ? "first start" : "owner.token reissued",
  );
  await writeTextAtomic(file, `${token}\n`, { mode: 0o600 });
  return { file, created };
}
