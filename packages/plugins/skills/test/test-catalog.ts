import { readFile, realpath } from "node:fs/promises";
import { sep } from "node:path";
import type { Access } from "@elowen/plugin-api/access";
import type {
  PluginSkill,
  SkillCatalogControl,
  SkillCatalogEntry,
  SkillInvocation,
  SkillReadResult,
} from "@elowen/plugin-api/skills";
import { ElowenError, InstanceCondition } from "@elowen/plugin-shared/errors";
import { parse } from "yaml";
import { SKILLS_FILE_READ_FAILED } from "../src/lib/error-codes.js";

/**
 * A deliberately small stand-in for the host's live catalog (@elowen/skill-catalog), with only
 * the semantics these tests rely on: one plugin's complete set replaced by `requestReload`, line
 * counts read at reload, ownership (a personal skill is visible only to its account), the two
 * projections from `disableModelInvocation`, `userInvocable` and `enabled`, and a reader that
 * refuses files outside their base directory (with the typed error: an instance condition for
 * personal and instance skills), serves the whole source, and substitutes `$ARGUMENTS` only. Grants, the
 * per-account switch, same-name precedence, `$1`.. and the real diagnostics are the host's and
 * are not modelled here.
 */
export class TestCatalog implements SkillCatalogControl {
  skills: readonly PluginSkill[] = [];
  /** Entries another plugin contributes, visible to everyone (for the collision rule). */
  foreign: SkillCatalogEntry[] = [];
  reloads = 0;
  /** When set, every catalog read throws it (a host failure). */
  failure: unknown;
  readonly #lineCounts = new Map<string, number | null>();

  constructor(
    readonly pluginName: string,
    readonly currentAccess: () => Access,
  ) {}

  async requestReload(skills: readonly PluginSkill[]): Promise<void> {
    this.reloads += 1;
    this.#lineCounts.clear();
    for (const skill of skills) {
      const text = await readFile(skill.filePath, "utf8").catch(() => undefined);
      this.#lineCounts.set(
        skill.filePath,
        text === undefined ? null : text.split("\n").length - (text.endsWith("\n") ? 1 : 0),
      );
    }
    this.skills = [...skills];
  }

  async visibleSkills(
    access: Access = this.currentAccess(),
  ): Promise<readonly SkillCatalogEntry[]> {
    if (this.failure !== undefined) throw this.failure;
    const own = this.skills
      .filter((skill) => skill.ownerUserId === undefined || skill.ownerUserId === access.userId)
      .map((skill) => this.#entry(skill));
    return [...own, ...this.foreign];
  }

  async visibleEntries(options: {
    invocation: SkillInvocation;
    access?: Access;
  }): Promise<readonly SkillCatalogEntry[]> {
    return (await this.visibleSkills(options.access)).filter(
      (entry) => entry.effective[options.invocation],
    );
  }

  canonicalBaseDir(
    skill: Pick<SkillCatalogEntry, "name" | "plugin" | "ownerUserId">,
  ): string | undefined {
    return this.skills.find(
      (s) => s.name === skill.name && (s.ownerUserId ?? null) === skill.ownerUserId,
    )?.baseDir;
  }

  async readSkill(
    name: string,
    options: { access?: Access; invocation?: SkillInvocation; args?: string } = {},
  ): Promise<SkillReadResult> {
    const access = options.access ?? this.currentAccess();
    const visible = options.invocation
      ? await this.visibleEntries({ invocation: options.invocation, access })
      : await this.visibleSkills(access);
    const entry = visible.find((e) => e.name === name);
    if (!entry) {
      const hidden = (await this.visibleSkills(access)).some((e) => e.name === name);
      return {
        ok: false,
        reason: hidden ? "denied" : "missing",
        message: `skill "${name}" is not available`,
      };
    }
    const skill = this.skills.find(
      (s) => s.name === name && (s.ownerUserId ?? null) === entry.ownerUserId,
    );
    if (!skill)
      return { ok: false, reason: "missing", message: `skill "${name}" has no file here` };
    const failed = (reason: "missing" | "redirected", message: string): SkillReadResult => {
      const instanceOwned =
        entry.catalogSource === "personal" || entry.catalogSource === "instance";
      const cause = instanceOwned
        ? new InstanceCondition({ condition: reason, summary: message })
        : undefined;
      const error = new ElowenError({
        code: SKILLS_FILE_READ_FAILED,
        summary: message,
        ...(cause ? { cause } : {}),
      });
      return { ok: false, reason, message, error };
    };
    let text: string;
    try {
      const [file, base] = await Promise.all([
        realpath(skill.filePath),
        realpath(skill.baseDir ?? ""),
      ]);
      if (!file.startsWith(base + sep))
        return failed("redirected", `the file of "${name}" is outside its directory`);
      text = await readFile(file, "utf8");
    } catch {
      return failed("missing", `the file of "${name}" is missing`);
    }
    const match = /^---\n([\s\S]*?)\n---\n?/.exec(text);
    const substitute = (part: string) =>
      options.args === undefined ? part : part.replaceAll("$ARGUMENTS", options.args);
    const body = substitute(match ? text.slice(match[0].length) : text);
    const source = substitute(text);
    return {
      ok: true,
      entry,
      body,
      frontmatter: match ? (parse(match[1] ?? "") ?? {}) : {},
      lineCount: source.split("\n").length - (source.endsWith("\n") ? 1 : 0),
      path: skill.filePath,
      source,
    };
  }

  #entry(skill: PluginSkill): SkillCatalogEntry {
    const enabled = skill.enabled ?? true;
    const disableModelInvocation = skill.disableModelInvocation ?? false;
    const userInvocable = skill.userInvocable ?? true;
    return {
      name: skill.name,
      description: skill.description,
      plugin: this.pluginName,
      catalogSource: skill.catalogSource ?? "plugin",
      ownerUserId: skill.ownerUserId ?? null,
      lineCount: this.#lineCounts.get(skill.filePath) ?? null,
      disableModelInvocation,
      userInvocable,
      enabled,
      effective: { model: enabled && !disableModelInvocation, user: enabled && userInvocable },
    };
  }
}

/** A catalog entry another plugin ("acme") contributes, for the collision and row-cap tests. */
export function foreignEntry(overrides: Partial<SkillCatalogEntry> = {}): SkillCatalogEntry {
  return {
    name: "x",
    description: "d",
    plugin: "acme",
    catalogSource: "plugin",
    ownerUserId: null,
    lineCount: 1,
    disableModelInvocation: false,
    userInvocable: true,
    enabled: true,
    effective: { model: true, user: true },
    ...overrides,
  };
}
