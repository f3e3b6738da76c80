import type { Contribution } from "./contribution.js";

/** Every contribution with one name (in one scope), best precedence first. */
export interface NameGroup {
  readonly name: string;
  readonly members: readonly Contribution[];
}

/** One scope's groups, sorted by name, and the same groups by name. */
export interface ScopeIndex {
  readonly sorted: readonly NameGroup[];
  readonly byName: ReadonlyMap<string, NameGroup>;
}

/**
 * The merged live catalog, indexed for the projections: skills without an owner in one scope, and
 * each account's own skills in a scope of their own, so that a reader walks the shared names and
 * only its own personal ones. Built from the plugin sets in one step and never changed after.
 */
export interface CatalogIndex {
  readonly shared: ScopeIndex;
  readonly owned: ReadonlyMap<number, ScopeIndex>;
}

/** Builds the index of the current plugin sets. */
export function buildIndex(sets: Iterable<readonly Contribution[]>): CatalogIndex {
  const shared = new Map<string, Contribution[]>();
  const owned = new Map<number, Map<string, Contribution[]>>();
  for (const set of sets) {
    for (const contribution of set) {
      let scope = shared;
      if (contribution.ownerUserId !== null) {
        let own = owned.get(contribution.ownerUserId);
        if (own === undefined) {
          own = new Map();
          owned.set(contribution.ownerUserId, own);
        }
        scope = own;
      }
      const members = scope.get(contribution.name);
      if (members === undefined) scope.set(contribution.name, [contribution]);
      else members.push(contribution);
    }
  }
  const ownedIndex = new Map<number, ScopeIndex>();
  for (const [userId, scope] of owned) ownedIndex.set(userId, scopeIndex(scope));
  return { shared: scopeIndex(shared), owned: ownedIndex };
}

function scopeIndex(scope: Map<string, Contribution[]>): ScopeIndex {
  const sorted: NameGroup[] = [];
  const byName = new Map<string, NameGroup>();
  for (const [name, members] of scope) {
    if (members.length > 1) members.sort((a, b) => a.rank - b.rank);
    const group = { name, members };
    sorted.push(group);
    byName.set(name, group);
  }
  sorted.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { sorted, byName };
}
