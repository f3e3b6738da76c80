import { join } from "node:path";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { type ForeignHook, MAPPED_HOOK_EVENTS, type MappedHookEvent } from "./foreign-plugin.js";
import { readJsonObject } from "./read-json-object.js";

/**
 * The command hooks of `hooks/hooks.json` (or the manifest's `hooks`, inline or a path): each
 * `{ matcher?, hooks: [{ type: "command", command, timeout? }] }` under a mapped event. Other
 * events, other hook types and malformed entries are diagnostics.
 */
export function readHooks(dir: string, source: unknown, diagnostics: string[]): ForeignHook[] {
  let config: Record<string, unknown>;
  try {
    config = typeof source === "string" ? readJsonObject(join(dir, source)) : asObject(source);
  } catch (error) {
    diagnostics.push(`hooks: ${errorMessage(error)}; no hook registered`);
    return [];
  }
  const events = asObject(config.hooks ?? {});
  const hooks: ForeignHook[] = [];
  for (const [event, groups] of Object.entries(events)) {
    if (!(MAPPED_HOOK_EVENTS as readonly string[]).includes(event)) {
      diagnostics.push(`hooks: ${event} has no lifecycle point here; not registered`);
      continue;
    }
    if (!Array.isArray(groups)) {
      diagnostics.push(`hooks: ${event} is not a list of matcher groups; not registered`);
      continue;
    }
    for (const group of groups)
      hooks.push(...readGroup(event as MappedHookEvent, group, diagnostics));
  }
  return hooks;
}

function readGroup(event: MappedHookEvent, group: unknown, diagnostics: string[]): ForeignHook[] {
  const { matcher, hooks } = asObject(group);
  if (matcher !== undefined && typeof matcher !== "string") {
    diagnostics.push(`hooks: ${event} has a matcher that is not a string; not registered`);
    return [];
  }
  if (typeof matcher === "string" && matcher !== "" && matcher !== "*" && !validRegex(matcher)) {
    diagnostics.push(
      `hooks: ${event} matcher ${matcher} is not a regular expression; not registered`,
    );
    return [];
  }
  const found: ForeignHook[] = [];
  for (const hook of Array.isArray(hooks) ? hooks : []) {
    const { type, command, timeout } = asObject(hook);
    if (type !== "command" || typeof command !== "string" || command.trim() === "") {
      diagnostics.push(
        `hooks: a ${event} hook of type ${String(type)} is not mapped (only command hooks run)`,
      );
      continue;
    }
    found.push({
      event,
      ...(typeof matcher === "string" && matcher !== "" && matcher !== "*" ? { matcher } : {}),
      command,
      ...(typeof timeout === "number" && timeout > 0 ? { timeoutSeconds: timeout } : {}),
    });
  }
  return found;
}

function validRegex(text: string): boolean {
  try {
    new RegExp(text);
    return true;
  } catch {
    return false;
  }
}

function asObject(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
