import { realpathSync } from "node:fs";
import { resolve } from "node:path";

/**
 * The real path of `path` (every link resolved), or the path itself, made absolute, when it
 * cannot be resolved (it does not exist yet). Comparing against an unresolved path only ever
 * refuses more: a file that resolves elsewhere is outside it.
 */
export function realPathOr(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return resolve(path);
  }
}

/**
 * Resolves accounts' personal stores (`personalRoot(userId)`) to real paths, each once for the
 * life of the resolver: one change of the catalog.
 */
export function storeResolver(
  personalRoot: (userId: number) => string,
): (userId: number) => string {
  const stores = new Map<number, string>();
  return (userId) => {
    let store = stores.get(userId);
    if (store === undefined) {
      store = realPathOr(personalRoot(userId));
      stores.set(userId, store);
    }
    return store;
  };
}
