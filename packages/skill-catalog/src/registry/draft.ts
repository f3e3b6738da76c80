import type { Contribution } from "./contribution.js";

/** A contribution before the catalog gives it a plugin, a slot and a rank. */
export type ContributionDraft = Omit<Contribution, "plugin" | "slot" | "rank" | "variants">;

/** Resolves an account's personal store to its real path, once per account per reload. */
export type StoreResolver = (userId: number) => string;
