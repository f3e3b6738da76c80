import { join, resolve, sep } from "node:path";
import type { Access } from "@elowen/plugin-api/access";
import type { CommandAlias } from "@elowen/plugin-api/commands";
import type {
  PluginSkill,
  SkillCatalogEntry,
  SkillInvocation,
  SkillReadResult,
} from "@elowen/plugin-api/skills";
import { KeyedQueue } from "@elowen/plugin-shared/queue";
import { renderAvailableSkills } from "@elowen/prompt-compose";
import type { SkillDiagnostic } from "./diagnostics.js";
import { storeResolver } from "./files/real-path.js";
import { aliasesOf } from "./invocation/command-aliases.js";
import {
  expansionOf,
  type InvocationResult,
  parseInvocation,
} from "./invocation/explicit-invocation.js";
import { draftOf, loadDirectories, type SkillDirectorySource } from "./loader/load-directories.js";
import { readResolved } from "./reader/read-skill.js";
import { resolveSkill } from "./reader/resolve-skill.js";
import { pageOf, pageWindow, type SkillPage, type SkillPageRequest } from "./reader/skill-page.js";
import {
  listResources,
  readResource,
  type SkillResourceList,
  type SkillResourceRead,
} from "./reader/skill-resources.js";
import { CatalogState } from "./registry/catalog-state.js";
import type { SkillSwitchKey } from "./registry/contribution.js";
import type { ContributionDraft, StoreResolver } from "./registry/draft.js";
import { measureSkills } from "./registry/measure.js";
import { projectEntries, Reader, visibleContributions } from "./registry/projection.js";
import { started } from "./registry/started.js";
import { checkSkill, checkSkillSet, pluginLabel } from "./registry/validate-skill.js";

/** The store of a contributor that declared none: no real file is inside it. */
const NO_STORE = join(sep, "\u0000no personal store declared");

/** What a host tells its catalog about accounts. */
export interface SkillCatalogOptions {
  /**
   * The account's own skills store for a contributor that declared none (`setPersonalRoot`): a
   * personal skill's file must stay inside it. Left out, such a contributor's personal skills
   * have no store their files can be inside, so none of them can be read.
   */
  readonly personalRoot?: (userId: number) => string;
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
  readonly #queue = new KeyedQueue<string>();
  readonly #personalRoots = new Map<string, string>();

  constructor(options: SkillCatalogOptions) {
    this.#options = options;
  }

  /**
   * Declares where `plugin` keeps each account's personal skills: `<root>/<userId>`. Its personal
   * skills registered after this must lie inside their account's folder there; call it before the
   * plugin's first registration.
   */
  setPersonalRoot(plugin: string, root: string): void {
    pluginLabel(plugin);
    this.#personalRoots.set(plugin, resolve(root));
  }

  /** Adds one skill to the plugin's set, reading its line count now. Refuses a duplicate owner+name. */
  async registerSkill(plugin: string, skill: PluginSkill): Promise<SkillReloadReport> {
    const where = `skill ${JSON.stringify(skill?.name)} of plugin ${pluginLabel(plugin)}`;
    const measured = started(measureSkills([checkSkill(skill, where)], this.#stores(plugin)));
    return this.#change(plugin, async () => {
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
    const measured = started(measureSkills(checkSkillSet(plugin, skills), this.#stores(plugin)));
    return this.#change(plugin, async () => {
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
    pluginLabel(plugin);
    const loaded = started(loadDirectories(sources, this.#stores(plugin)));
    return this.#change(plugin, async () => {
      const { skills, diagnostics } = await loaded;
      this.#state.replace(plugin, skills.map(draftOf), diagnostics);
      return diagnostics;
    });
  }

  /** Withdraws the plugin's whole set, after any change of it already requested. */
  async removePlugin(plugin: string): Promise<void> {
    await this.#queue.run(plugin, () => this.#state.remove(plugin));
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

  /** The support files of the skill the reader's projections select under `name`. */
  skillResources(name: string, options: { readonly access: Access }): SkillResourceList {
    return listResources(resolveSkill(this.#state.index(), this.#reader(options.access), name));
  }

  /**
   * One support file of the skill the reader's projections select under `name`, by its path
   * relative to the skill's canonical folder, read through the contained reader as text.
   */
  readSkillResource(
    name: string,
    path: string,
    options: { readonly access: Access },
  ): SkillResourceRead {
    return readResource(
      resolveSkill(this.#state.index(), this.#reader(options.access), name),
      path,
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

  #stores(plugin: string): StoreResolver {
    const declared = this.#personalRoots.get(plugin);
    const fallback = this.#options.personalRoot;
    return storeResolver((userId) => {
      if (declared !== undefined) return join(declared, String(userId));
      return fallback === undefined ? NO_STORE : fallback(userId);
    });
  }

  async #change(
    plugin: string,
    apply: () => Promise<readonly SkillDiagnostic[]>,
  ): Promise<SkillReloadReport> {
    const diagnostics = await this.#queue.run(plugin, apply);
    return { plugin, skills: this.#state.size(plugin), diagnostics };
  }
}
