import type { Access } from "@elowen/plugin-api/access";
import { SKILL_DESCRIPTION_MAX_CHARS, SKILL_NAME_MAX_CHARS } from "@elowen/plugin-api/limits";
import type { SkillCatalogControl, SkillCatalogEntry } from "@elowen/plugin-api/skills";
import {
  errorResult,
  type PluginTool,
  type ToolResult,
  textResult,
} from "@elowen/plugin-api/tools";
import { z } from "zod";
import { reservedNames, visible } from "./catalog-reads.js";
import { checkNewSkill } from "./edit-input.js";
import type { Actor, OwnerSpec } from "./owners.js";
import { isRefusal } from "./refusal.js";
import type { SkillFiles } from "./skill-files.js";
import { checkSkillName } from "./skill-paths.js";

/** What the management tools need from the host and the file owner. */
export interface SkillToolsDeps {
  readonly files: SkillFiles;
  readonly catalog: SkillCatalogControl;
  readonly reload: () => Promise<void>;
  readonly pluginName: string;
  /** `ctx.currentAccountUserId`: the turn's account, a delegated run's inherited one, or null. */
  readonly currentAccountUserId: () => Promise<number | null>;
}

const scope = z
  .enum(["personal", "instance"])
  .default("personal")
  .describe(
    "personal (yours, the default) or instance (shared; instance owner or administrator session only)",
  );

/**
 * The personal management tools, also available to delegated runs that save reusable
 * procedures: ListSkills, CreateSkill and DeleteSkill. Each awaits the current visible catalog;
 * Create and Delete await the current account, the role checks and the account's existence
 * before resolving a personal target. Refusals are error results naming the rule.
 */
export function skillTools(deps: SkillToolsDeps): PluginTool[] {
  const listSkills: PluginTool = {
    name: "ListSkills",
    label: "List skills",
    description:
      "Lists the skills available to you: name, where it comes from, its length and when to use it. Load one with SkillLoad.",
    parameters: z.object({}),
    executionMode: "parallel",
    async execute(_args, context) {
      const entries = await visible(deps.catalog, context.access);
      return textResult(renderList(entries), { skills: entries.map((entry) => entry.name) });
    },
  };

  const createParameters = z.object({
    name: z
      .string()
      .max(SKILL_NAME_MAX_CHARS)
      .describe("lowercase letters, digits and single dashes, e.g. report-guide"),
    description: z
      .string()
      .max(SKILL_DESCRIPTION_MAX_CHARS)
      .describe("one sentence saying when to use the skill"),
    content: z.string().describe("the markdown instructions: the reusable procedure, step by step"),
    scope,
  });
  const createSkill: PluginTool<typeof createParameters> = {
    name: "CreateSkill",
    label: "Create skill",
    description:
      "Saves a reusable procedure as a skill. Personal skills are visible only to you. Never put credentials or personal data in a skill.",
    parameters: createParameters,
    reasonField: "description",
    async execute(args, context) {
      const input = checkNewSkill(
        { name: args.name, description: args.description, content: args.content },
        "arguments",
      );
      if (isRefusal(input)) return errorResult(input.message);
      const owner = await deps.files.resolveOwner(
        spec(args.scope),
        await actor(deps, context.access),
        "create",
      );
      if (isRefusal(owner)) return errorResult(owner.message);
      const reserved = await reservedNames(deps.catalog, context.access, deps.pluginName);
      const result = await deps.files.create(owner, input, { reserved });
      if (isRefusal(result)) return errorResult(result.message);
      await deps.reload();
      return textResult(
        `Created the ${args.scope} skill "${input.name}". Load it with SkillLoad when it applies.`,
        {
          skill: input.name,
          revision: result.revision,
        },
      );
    },
  };

  const deleteParameters = z.object({ name: z.string().max(SKILL_NAME_MAX_CHARS), scope });
  const deleteSkill: PluginTool<typeof deleteParameters> = {
    name: "DeleteSkill",
    label: "Delete skill",
    description:
      "Removes one of your personal skills (or, in an administrator session, an instance skill) with its files.",
    parameters: deleteParameters,
    async execute(args, context): Promise<ToolResult> {
      const name = checkSkillName(args.name, "arguments.name");
      if (isRefusal(name)) return errorResult(name.message);
      const owner = await deps.files.resolveOwner(
        spec(args.scope),
        await actor(deps, context.access),
        "delete",
      );
      if (isRefusal(owner)) return errorResult(owner.message);
      const result = await deps.files.remove(owner, name);
      if (isRefusal(result)) return errorResult(result.message);
      await deps.reload();
      return textResult(`Deleted the ${args.scope} skill "${name}".`, { skill: name });
    },
  };

  return [listSkills, createSkill as PluginTool, deleteSkill as PluginTool];
}

function spec(scopeName: "personal" | "instance"): OwnerSpec {
  return scopeName === "instance" ? { kind: "instance" } : { kind: "me" };
}

/** A tool call's actor: the awaited current account, and an administrator session only on an all-access turn. */
async function actor(deps: SkillToolsDeps, access: Access): Promise<Actor> {
  return {
    userId: await deps.currentAccountUserId(),
    isAdmin: access.isAdmin,
    isOwner: access.isOwner,
    adminSession: access.isAdmin && access.allAccess,
  };
}

function renderList(entries: readonly SkillCatalogEntry[]): string {
  if (entries.length === 0) return "No skills are available to you.";
  const lines = entries.map((entry) => {
    const facts = [
      entry.catalogSource,
      entry.lineCount === null ? undefined : `${entry.lineCount} lines`,
    ];
    if (!entry.effective.model) facts.push("not offered automatically");
    return `- ${entry.name} (${facts.filter(Boolean).join(", ")}): ${entry.description}`;
  });
  return `${entries.length} skill${entries.length === 1 ? "" : "s"} available to you:\n${lines.join("\n")}`;
}
