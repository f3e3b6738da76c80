import type { Access } from "@elowen/plugin-api/access";
import type { SkillCatalogEntry, SkillInvocation } from "@elowen/plugin-api/skills";
import { type Contribution, entryOf, type SkillSwitchKey } from "./contribution.js";
import type { CatalogIndex, NameGroup } from "./snapshot.js";

/**
 * The account-specific facts a projection needs, resolved once per call: which plugins the reader
 * is granted (asked lazily, once per plugin) and the per-account plugin-skill switch.
 */
export class Reader {
  private readonly grants: Uint8Array;

  constructor(
    readonly access: Access,
    private readonly plugins: readonly string[],
    private readonly isGranted: (access: Access, plugin: string) => boolean,
    private readonly switchOn: ((skill: SkillSwitchKey) => boolean) | undefined,
  ) {
    this.grants = new Uint8Array(plugins.length);
  }

  /** Ownership and contributor grant: may this reader see the contribution at all? */
  sees(contribution: Contribution): boolean {
    if (contribution.ownerUserId !== null && contribution.ownerUserId !== this.access.userId)
      return false;
    let granted = this.grants[contribution.slot];
    if (granted === 0 || granted === undefined) {
      granted = this.isGranted(this.access, this.plugins[contribution.slot] ?? "") ? 1 : 2;
      this.grants[contribution.slot] = granted;
    }
    return granted === 1;
  }

  /** Whether the selected contribution is offered to the model (automatic discovery). */
  modelEffective(winner: Contribution): boolean {
    return (
      winner.enabled &&
      !winner.disableModelInvocation &&
      (this.switchOn === undefined || this.switchOn(winner))
    );
  }
}

/**
 * The selection for one name among what the reader sees, in precedence order across the shared and
 * the reader's own groups: the first enabled contribution, else the first disabled one.
 */
export function selectWinner(
  reader: Reader,
  shared: NameGroup | undefined,
  own: NameGroup | undefined,
): Contribution | undefined {
  const a = shared?.members ?? [];
  const b = own?.members ?? [];
  let i = 0;
  let j = 0;
  let fallback: Contribution | undefined;
  while (i < a.length || j < b.length) {
    const left = a[i];
    const right = b[j];
    const next =
      right === undefined || (left !== undefined && left.rank < right.rank) ? left : right;
    if (next === left) i++;
    else j++;
    if (next === undefined || !reader.sees(next)) continue;
    if (next.enabled) return next;
    fallback ??= next;
  }
  return fallback;
}

/** Visits each name the reader may have a skill under, in name order, with its two groups. */
export function forEachName(
  index: CatalogIndex,
  userId: number | null,
  visit: (shared: NameGroup | undefined, own: NameGroup | undefined) => void,
): void {
  const shared = index.shared.sorted;
  const own = userId === null ? undefined : index.owned.get(userId)?.sorted;
  if (own === undefined) {
    for (const group of shared) visit(group, undefined);
    return;
  }
  let i = 0;
  let j = 0;
  while (i < shared.length || j < own.length) {
    const left = shared[i];
    const right = own[j];
    if (right === undefined || (left !== undefined && left.name < right.name)) {
      visit(left, undefined);
      i++;
    } else if (left === undefined || right.name < left.name) {
      visit(undefined, right);
      j++;
    } else {
      visit(left, right);
      i++;
      j++;
    }
  }
}

/** One projection's entries for the reader, in name order. */
export function projectEntries(
  index: CatalogIndex,
  reader: Reader,
  invocation: SkillInvocation,
): SkillCatalogEntry[] {
  const out: SkillCatalogEntry[] = [];
  forEachName(index, reader.access.userId, (shared, own) => {
    const winner = selectWinner(reader, shared, own);
    if (winner === undefined) return;
    const model = reader.modelEffective(winner);
    if (invocation === "model" ? !model : !winner.userInvocable) return;
    out.push(entryOf(winner, model, winner.userInvocable));
  });
  return out;
}

/** Every contribution the reader sees, the selected one of each name with its effective flags. */
export function visibleContributions(index: CatalogIndex, reader: Reader): SkillCatalogEntry[] {
  const out: SkillCatalogEntry[] = [];
  forEachName(index, reader.access.userId, (shared, own) => {
    const winner = selectWinner(reader, shared, own);
    if (winner === undefined) return;
    const members = [...(own?.members ?? []), ...(shared?.members ?? [])];
    if (shared !== undefined && own !== undefined) members.sort((x, y) => x.rank - y.rank);
    for (const member of members) {
      if (member === winner) {
        out.push(entryOf(member, reader.modelEffective(member), member.userInvocable));
      } else if (reader.sees(member)) {
        out.push(entryOf(member, false, false));
      }
    }
  });
  return out;
}
