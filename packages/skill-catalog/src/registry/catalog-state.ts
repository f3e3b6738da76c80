import type { SkillDiagnostic } from "../diagnostics.js";
import { nameTwinKey } from "../rules/name-twins.js";
import { type Contribution, makeContribution } from "./contribution.js";
import type { ContributionDraft } from "./draft.js";
import { invalidSkill } from "./invalid-skill.js";
import { buildIndex, type CatalogIndex } from "./snapshot.js";

/** The key that must be unique within one plugin's set: owner and name. */
export function skillKey(ownerUserId: number | null, name: string): string {
  return `${ownerUserId ?? ""}\0${nameTwinKey(name)}`;
}

/**
 * The registry's state: one complete skill set per plugin. Every change is one synchronous step,
 * so a reader (which takes the index once per call) never sees half of two sets; the index is
 * rebuilt on the first read after a change.
 */
export class CatalogState {
  private readonly sets = new Map<string, Contribution[]>();
  private readonly keys = new Map<string, Set<string>>();
  private readonly notes = new Map<string, SkillDiagnostic[]>();
  private readonly slots = new Map<string, number>();
  private readonly pluginNames: string[] = [];
  private cached: CatalogIndex | undefined;

  /** Plugin names by slot. */
  get plugins(): readonly string[] {
    return this.pluginNames;
  }

  /** The current index, rebuilt if a set changed since it was last built. */
  index(): CatalogIndex {
    this.cached ??= buildIndex(this.sets.values());
    return this.cached;
  }

  /** How many skills the plugin's set holds. */
  size(plugin: string): number {
    return this.sets.get(plugin)?.length ?? 0;
  }

  /** Replaces the plugin's complete set in one step. Keys must be unique (checked by the caller). */
  replace(
    plugin: string,
    drafts: readonly ContributionDraft[],
    notes: readonly SkillDiagnostic[],
  ): void {
    const slot = this.slotOf(plugin);
    this.sets.set(
      plugin,
      drafts.map((draft, index) => makeContribution(draft, plugin, slot, index)),
    );
    this.keys.set(plugin, new Set(drafts.map((draft) => skillKey(draft.ownerUserId, draft.name))));
    this.notes.set(plugin, [...notes]);
    this.cached = undefined;
  }

  /** Adds one skill to the plugin's set; a second skill with the same owner and name is refused. */
  add(plugin: string, draft: ContributionDraft, notes: readonly SkillDiagnostic[]): void {
    const keys = this.keys.get(plugin) ?? new Set<string>();
    const key = skillKey(draft.ownerUserId, draft.name);
    if (keys.has(key)) {
      invalidSkill(
        `plugin ${JSON.stringify(plugin)}`,
        "name",
        "a name this plugin has not registered already for the same owner (names that look the same, such as NFC and NFD spellings or look-alike letters, count as one)",
        draft.name,
        "register each skill once, or replace the whole set with requestReload",
      );
    }
    const slot = this.slotOf(plugin);
    const set = this.sets.get(plugin) ?? [];
    set.push(makeContribution(draft, plugin, slot, set.length));
    keys.add(key);
    this.sets.set(plugin, set);
    this.keys.set(plugin, keys);
    this.notes.set(plugin, [...(this.notes.get(plugin) ?? []), ...notes]);
    this.cached = undefined;
  }

  /** Withdraws a plugin's whole set (a disabled or removed plugin). */
  remove(plugin: string): void {
    if (this.sets.delete(plugin)) this.cached = undefined;
    this.keys.delete(plugin);
    this.notes.delete(plugin);
  }

  /** The diagnostics of the plugin's current set, or of every plugin's. */
  diagnostics(plugin?: string): readonly SkillDiagnostic[] {
    if (plugin !== undefined) return this.notes.get(plugin) ?? [];
    return [...this.notes.values()].flat();
  }

  private slotOf(plugin: string): number {
    let slot = this.slots.get(plugin);
    if (slot === undefined) {
      slot = this.pluginNames.length;
      this.pluginNames.push(plugin);
      this.slots.set(plugin, slot);
    }
    return slot;
  }
}
