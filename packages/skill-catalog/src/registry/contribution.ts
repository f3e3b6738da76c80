import type { CatalogSource, SkillCatalogEntry } from "@elowen/plugin-api/skills";

/** Precedence among same-name contributions: the most specific source first. */
export const SOURCE_PRECEDENCE: Readonly<Record<CatalogSource, number>> = {
  personal: 0,
  instance: 1,
  plugin: 2,
  bundled: 3,
};

/** What a per-account switch is asked about: which skill, from whom. */
export interface SkillSwitchKey {
  readonly plugin: string;
  readonly name: string;
  readonly catalogSource: CatalogSource;
  readonly ownerUserId: number | null;
}

/**
 * One registered skill as the catalog holds it: what a projection shows, where its file is, the
 * canonical directories a read must stay inside, and its precedence. Immutable once made.
 */
export interface Contribution extends SkillSwitchKey {
  readonly description: string;
  readonly lineCount: number | null;
  readonly disableModelInvocation: boolean;
  readonly userInvocable: boolean;
  readonly enabled: boolean;
  /** The registered file, absolute. */
  readonly filePath: string;
  /** The approved base directory, links resolved when the skill was registered. */
  readonly baseDir: string;
  /** For a personal skill: the account's store, links resolved when it was registered. */
  readonly storeDir: string | undefined;
  /** The plugin's slot in the catalog (first registration order). */
  readonly slot: number;
  /** Lower wins: source precedence, then plugin slot, then order in the plugin's set. */
  readonly rank: number;
  /** The entry as each projection shows it, by `effective` (model * 2 + user); made on first use. */
  variants: (SkillCatalogEntry | undefined)[] | undefined;
}

const EFFECTIVE = [
  Object.freeze({ model: false, user: false }),
  Object.freeze({ model: false, user: true }),
  Object.freeze({ model: true, user: false }),
  Object.freeze({ model: true, user: true }),
] as const;

/** The frozen entry of a contribution with the given effective flags, made once and then shared. */
export function entryOf(
  contribution: Contribution,
  model: boolean,
  user: boolean,
): SkillCatalogEntry {
  const index = (model ? 2 : 0) + (user ? 1 : 0);
  contribution.variants ??= [];
  const cached = contribution.variants[index];
  if (cached !== undefined) return cached;
  const entry: SkillCatalogEntry = Object.freeze({
    name: contribution.name,
    description: contribution.description,
    plugin: contribution.plugin,
    catalogSource: contribution.catalogSource,
    ownerUserId: contribution.ownerUserId,
    lineCount: contribution.lineCount,
    disableModelInvocation: contribution.disableModelInvocation,
    userInvocable: contribution.userInvocable,
    enabled: contribution.enabled,
    effective: EFFECTIVE[index] as SkillCatalogEntry["effective"],
  });
  contribution.variants[index] = entry;
  return entry;
}

/** Makes a contribution with one fixed shape (so projections read one hidden class). */
export function makeContribution(
  draft: Omit<Contribution, "plugin" | "slot" | "rank" | "variants">,
  plugin: string,
  slot: number,
  index: number,
): Contribution {
  return {
    plugin,
    name: draft.name,
    catalogSource: draft.catalogSource,
    ownerUserId: draft.ownerUserId,
    description: draft.description,
    lineCount: draft.lineCount,
    disableModelInvocation: draft.disableModelInvocation,
    userInvocable: draft.userInvocable,
    enabled: draft.enabled,
    filePath: draft.filePath,
    baseDir: draft.baseDir,
    storeDir: draft.storeDir,
    slot,
    rank: rankOf(draft.catalogSource, slot, index),
    variants: undefined,
  };
}

/** The precedence rank of a contribution; lower wins. */
export function rankOf(source: CatalogSource, slot: number, index: number): number {
  return (SOURCE_PRECEDENCE[source] * 0x10000 + slot) * 0x4000000 + index;
}
