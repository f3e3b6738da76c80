import type {
  Access,
  CommandAlias,
  PluginSkill,
  SkillCatalogEntry,
  SkillInvocation,
  SkillReadResult,
} from "@elowen/plugin-api";
import { renderAvailableSkills } from "@elowen/prompt-compose";
import type { SkillDiagnostic } from "./diagnostics.js";
import { realPathOr } from "./files/real-path.js";
import { aliasesOf } from "./invocation/command-aliases.js";
import {
  expansionOf,
  type InvocationResult,
  parseInvocation,
} from "./invocation/explicit-invocation.js";
import { loadDirectories, type SkillDirectorySource } from "./loader/load-directories.js";
import { readResolved } from "./reader/read-skill.js";
import { resolveSkill } from "./reader/resolve-skill.js";
import { pageOf, pageWindow, type SkillPage, type SkillPageRequest } from "./reader/skill-page.js";
import { CatalogState, skillKey } from "./registry/catalog-state.js";
import type { SkillSwitchKey } from "./registry/contribution.js";
import type { ContributionDraft, StoreResolver } from "./registry/draft.js";
import { invalidSkill } from "./registry/invalid-skill.js";
import { measureSkills } from "./registry/measure.js";
import { projectEntries, Reader, visibleContributions } from "./registry/projection.js";
import { checkSkill } from "./registry/validate-skill.js";

/** What a host tells its catalog about accounts. */
export interface SkillCatalogOptions {
  /** The account's own skills store: a personal skill's file must stay inside it. */
  readonly personalRoot: (userId: number) => string;
  /** Contributor grants: may this reader use the skills `plugin` contributes? Synchronous and cheap. */
  readonly isGranted: (access: Access, plugin: string) => boolean;
  /**
   * The per-account plugin-skill switch, asked once per projection: a predicate that is false for
   * a skill the account switched off for automatic discovery, or undefined when all are on.
   */
  readonly pluginSkillSwitch?: (access: Access) => ((skill: SkillSwitchKey) => boolean) | undefined;
}

/** What a change of one plugin's set did. */
export interface SkillReloadReport {
  readonly plugin: string;
  /** Skills in the plugin's set after the change. */
  readonly skills: number;
  /** Remarks about this change's files: data a client can show. */
  readonly diagnostics: readonly SkillDiagnostic[];
}

/**
 * The live skill registry a host owns one of: plugins' sets merged into one catalog, its model and
 * user projections per account, the canonical reader, SkillLoad paging, explicit invocation and
 * command aliases. Changes of one plugin's set apply in call order, each in one step.
 */
export class SkillCatalog {
  readonly #state = new CatalogState();
  readonly #options: SkillCatalogOptions;
  readonly #queues = new Map<string, Promise<unknown>>();

  constructor(options: SkillCatalogOptions) {
    this.#options = options;
  }

  /** Adds one skill to the plugin's set, reading its line count now. Refuses a duplicate owner+name. */
  async registerSkill(plugin: string, skill: PluginSkill): Promise<SkillReloadReport> {
    const checked = checkSkill(
      skill,
      `skill ${JSON.stringify(skill?.name)} of plugin ${pluginName(plugin)}`,
    );
    const measured = quiet(measureSkills([checked], this.#storeResolver()));
    return this.#inOrder(plugin, async () => {
      const { drafts, diagnostics } = await measured;
      this.#state.add(plugin, drafts[0] as ContributionDraft, diagnostics);
      return diagnostics;
    });
  }

  /**
   * Replaces the plugin's complete set atomically, reading every line count once now. A malformed
   * skill or two with the same owner and name refuse the whole reload before anything changes.
   */
  async requestReload(plugin: string, skills: readonly PluginSkill[]): Promise<SkillReloadReport> {
    const name = pluginName(plugin);
    if (!Array.isArray(skills))
      invalidSkill(
        `reload of plugin ${name}`,
        "skills",
        "an array of skills",
        skills,
        "pass the plugin's complete set",
      );
    const keys = new Set<string>();
    const checked = skills.map((skill, at) => {
      const one = checkSkill(skill, `skill ${at} of plugin ${name}`);
      const key = skillKey(one.ownerUserId, one.name);
      if (keys.has(key)) {
        invalidSkill(
          `skill ${at} of plugin ${name}`,
          "name",
          "a name unique in the set for its owner",
          one.name,
          "drop or rename the duplicate",
        );
      }
      keys.add(key);
      return one;
    });
    const measured = quiet(measureSkills(checked, this.#storeResolver()));
    return this.#inOrder(plugin, async () => {
      const { drafts, diagnostics } = await measured;
      this.#state.replace(plugin, drafts, diagnostics);
      return diagnostics;
    });
  }

  /**
   * Replaces the plugin's complete set with the skills of Agent Skills directories
   * (`<root>/<name>/SKILL.md`), each file read once for its frontmatter and line count.
   */
  async reloadFromDirectories(
    plugin: string,
    sources: readonly SkillDirectorySource[],
  ): Promise<SkillReloadReport> {
    pluginName(plugin);
    const loaded = quiet(loadDirectories(sources, this.#storeResolver()));
    return this.#inOrder(plugin, async () => {
      const { skills, diagnostics } = await loaded;
      const drafts = skills.map(
        (skill): ContributionDraft => ({
          name: skill.name,
          description: skill.description,
          catalogSource: skill.catalogSource,
          ownerUserId: skill.ownerUserId,
          lineCount: skill.lineCount,
          disableModelInvocation: skill.disableModelInvocation,
          userInvocable: skill.userInvocable,
          enabled: true,
          filePath: skill.filePath,
          baseDir: skill.baseDir,
          storeDir: skill.storeDir,
        }),
      );
      this.#state.replace(plugin, drafts, diagnostics);
      return diagnostics;
    });
  }

  /** Withdraws the plugin's whole set, after any change of it already requested. */
  async removePlugin(plugin: string): Promise<void> {
    await this.#inOrder(plugin, async () => {
      this.#state.remove(plugin);
      return [];
    });
  }

  /** The diagnostics of the plugin's current set, or of every plugin's. */
  diagnostics(plugin?: string): readonly SkillDiagnostic[] {
    return this.#state.diagnostics(plugin);
  }

  /** Every skill the reader may see (grants and ownership applied), shadowed ones with no effect. */
  visibleSkills(access: Access): readonly SkillCatalogEntry[] {
    return visibleContributions(this.#state.index(), this.#reader(access));
  }

  /** One projection for the reader: `model` (automatic discovery) or `user` (menus, invocation). */
  visibleEntries(options: {
    readonly invocation: SkillInvocation;
    readonly access: Access;
  }): readonly SkillCatalogEntry[] {
    return projectEntries(this.#state.index(), this.#reader(options.access), options.invocation);
  }

  /** The session's `<available_skills>` block, from the model projection ("" when empty). */
  availableSkillsBlock(access: Access): string {
    return renderAvailableSkills(this.visibleEntries({ invocation: "model", access }));
  }

  /** The reader's direct input aliases (`/name` → `/skill:name`), core and static names excluded. */
  commandAliases(access: Access, reservedNames: Iterable<string>): readonly CommandAlias[] {
    const reserved =
      reservedNames instanceof Set
        ? (reservedNames as ReadonlySet<string>)
        : new Set(reservedNames);
    return aliasesOf(this.visibleEntries({ invocation: "user", access }), reserved);
  }

  /**
   * The approved base directory (links resolved at registration) of the contribution `plugin`
   * registered under `name` for `ownerUserId`; with `access`, only when that reader sees it.
   */
  canonicalBaseDir(
    skill: Pick<SkillCatalogEntry, "name" | "plugin" | "ownerUserId">,
    access?: Access,
  ): string | undefined {
    const index = this.#state.index();
    const scope = skill.ownerUserId === null ? index.shared : index.owned.get(skill.ownerUserId);
    const found = scope?.byName
      .get(skill.name)
      ?.members.find((member) => member.plugin === skill.plugin);
    if (found === undefined || (access !== undefined && !this.#reader(access).sees(found)))
      return undefined;
    return found.baseDir;
  }

  /** Reads the skill the reader's projections select under `name`, through the canonical reader. */
  readSkill(
    name: string,
    options: { readonly access: Access; readonly invocation?: SkillInvocation },
  ): Promise<SkillReadResult> {
    return readResolved(
      resolveSkill(this.#state.index(), this.#reader(options.access), name, options.invocation),
    );
  }

  /** One SkillLoad page of the skill's full source, arguments substituted when given. */
  async loadSkillPage(request: SkillPageRequest): Promise<SkillPage> {
    const window = pageWindow(request);
    return pageOf(await this.readSkill(request.name, request), window, request.arguments);
  }

  /** Expands an explicit `/skill:name rest` against the user projection; other input is unchanged. */
  async expandInvocation(text: string, access: Access): Promise<InvocationResult> {
    const parts = parseInvocation(text);
    if (parts === undefined) return { kind: "none", text };
    return expansionOf(
      text,
      parts,
      await this.readSkill(parts.name, { access, invocation: "user" }),
    );
  }

  #reader(access: Access): Reader {
    const switchOn = this.#options.pluginSkillSwitch?.(access);
    return new Reader(access, this.#state.plugins, this.#options.isGranted, switchOn);
  }

  #storeResolver(): StoreResolver {
    const stores = new Map<number, string>();
    return (userId) => {
      let store = stores.get(userId);
      if (store === undefined) {
        store = realPathOr(this.#options.personalRoot(userId));
        stores.set(userId, store);
      }
      return store;
    };
  }

  #inOrder(
    plugin: string,
    apply: () => Promise<readonly SkillDiagnostic[]>,
  ): Promise<SkillReloadReport> {
    const previous = this.#queues.get(plugin) ?? Promise.resolve();
    const done = previous.then(apply).then((diagnostics) => ({
      plugin,
      skills: this.#state.size(plugin),
      diagnostics,
    }));
    const settled = done.catch(() => undefined);
    this.#queues.set(plugin, settled);
    void settled.then(() => {
      if (this.#queues.get(plugin) === settled) this.#queues.delete(plugin);
    });
    return done;
  }
}

/** Marks a promise handled now; it is awaited (and its failure surfaced) when its turn comes. */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

function pluginName(plugin: unknown): string {
  if (typeof plugin !== "string" || plugin.trim() === "") {
    invalidSkill(
      "skill registration",
      "plugin",
      "the registering plugin's name",
      plugin,
      "pass the plugin's manifest name",
    );
  }
  return JSON.stringify(plugin);
}
