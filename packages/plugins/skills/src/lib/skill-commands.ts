import { isCommandName } from "@elowen/plugin-api";
import type {
  CommandAlias,
  CommandProvider,
  PickerActionRequest,
  PickerActionResult,
  PickerCommand,
  PickerDescriptor,
  PickerRequest,
} from "@elowen/plugin-api/commands";
import type { SkillCatalogControl } from "@elowen/plugin-api/skills";
import { SKILL_COMMAND_PREFIX, SKILLS_PICKER_MAX_ROWS } from "./limits.js";
import { requestActor, type SkillOwner } from "./owners.js";
import { isRefusal } from "./refusal.js";
import type { SkillFiles } from "./skill-files.js";
import { checkSkillName } from "./skill-paths.js";

/** A command description is capped at this many characters (the command registration schema's bound). */
const COMMAND_DESCRIPTION_MAX_CHARS = 500;

/**
 * The provider of per-account direct aliases: on every call it awaits the user projection of the
 * live catalog (`visibleEntries({ invocation: 'user' })`), the same catalog `/skills` lists, and
 * projects each skill whose name is a valid command name as `/name` → `/skill:name`, with the
 * skill's description. Longer names stay reachable only through `/skills`. A request with no
 * account (a global platform menu) gets no aliases. Collisions with core and static plugin
 * commands are the host's to settle: they win.
 */
export function skillAliasProvider(catalog: SkillCatalogControl): CommandProvider {
  return async ({ access }) => {
    if (access.userId === null) return [];
    const entries = await catalog.visibleEntries({ invocation: "user", access });
    const aliases = new Map<string, CommandAlias>();
    for (const entry of entries) {
      if (!isCommandName(entry.name) || aliases.has(entry.name)) continue;
      aliases.set(entry.name, {
        name: entry.name,
        description: clip(entry.description, COMMAND_DESCRIPTION_MAX_CHARS),
        target: `${SKILL_COMMAND_PREFIX}${entry.name}`,
      });
    }
    return [...aliases.values()];
  };
}

/** What the `/skills` picker needs. */
export interface SkillsPickerDeps {
  readonly catalog: SkillCatalogControl;
  readonly files: SkillFiles;
  readonly reload: () => Promise<void>;
  readonly pluginName: string;
}

/**
 * The `/skills` picker: every skill of the reader's user projection (rows id `<source>:<name>`),
 * Enter tells how to invoke it, `d` removes one of the reader's personal skills, or an instance
 * skill for an administrator, through the file owner and a reload. Texts come from the
 * manifest's strings, `{name}` filled in.
 */
export function skillsPicker(deps: SkillsPickerDeps, description: string): PickerCommand {
  const render = async (request: PickerRequest): Promise<PickerDescriptor> => {
    const entries = await deps.catalog.visibleEntries({
      invocation: "user",
      access: request.access,
    });
    return {
      title: request.strings["skills.title"] ?? "Skills",
      items: entries.slice(0, SKILLS_PICKER_MAX_ROWS).map((entry) => ({
        id: `${entry.catalogSource}:${entry.name}`,
        label: entry.name,
        description: clip(entry.description, COMMAND_DESCRIPTION_MAX_CHARS),
        hint: entry.catalogSource,
      })),
      emptyText: request.strings["skills.empty"] ?? "No skills are available to you.",
      keys: { d: request.strings["skills.deleteKey"] ?? "delete" },
    };
  };
  return {
    kind: "picker",
    name: "skills",
    description,
    cliPicker: { scope: "account", render },
    render,
    action: (request) => pickerAction(deps, request),
  };
}

async function pickerAction(
  deps: SkillsPickerDeps,
  request: PickerActionRequest,
): Promise<PickerActionResult> {
  const [source = "", name = ""] = request.itemId.split(":");
  const text = (key: string, fallback: string) =>
    (request.strings[key] ?? fallback).replaceAll("{name}", name);
  if (request.action !== "d" && request.action !== "delete")
    return { notice: text("skills.use", "Type /skill:{name} to use it.") };
  const owner: SkillOwner | undefined =
    source === "instance"
      ? { kind: "instance" }
      : source === "personal" && request.access.userId !== null
        ? { kind: "personal", userId: request.access.userId }
        : undefined;
  if (!owner || isRefusal(checkSkillName(name))) {
    return {
      notice: text("skills.cannotDelete", "Only personal and instance skills can be removed here."),
    };
  }
  const spec =
    owner.kind === "instance" ? ({ kind: "instance" } as const) : ({ kind: "me" } as const);
  const resolved = await deps.files.resolveOwner(spec, requestActor(request.access), "delete");
  if (isRefusal(resolved)) return { notice: resolved.message };
  const removed = await deps.files.remove(resolved, name);
  if (isRefusal(removed)) return { notice: removed.message };
  await deps.reload();
  return { notice: text("skills.deleted", "Removed {name}."), refresh: true };
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
