import type { Access } from "@elowen/plugin-api/access";
import { parseArguments, substituteArguments } from "@elowen/prompt-compose";
import type { CommandRegistry } from "./command-registry.js";
import { PickerError } from "./picker-dispatch.js";

/** What a prompt command expanded to, and who owns it. */
export interface ExpandedPromptCommand {
  readonly plugin: string;
  readonly prompt: string;
}

/**
 * Expands `/name args` of a plugin prompt command for the agent: the arguments are parsed and
 * substituted with @elowen/prompt-compose ($ARGUMENTS, $@, $1..$9, ${N:-default}, ${@:N}).
 * Authorization is checked at dispatch (adminOnly, grants), whatever the catalog showed.
 */
export function expandPromptCommand(
  registry: CommandRegistry,
  name: string,
  argumentText: string,
  access: Access,
): ExpandedPromptCommand {
  const found = registry.lookup(name, access);
  if (!found.ok) throw new PickerError(found.status, found.error);
  const definition = found.command.definition;
  if (definition.kind !== "prompt") throw new PickerError(404, `/${name} is not a prompt command`);
  return {
    plugin: found.command.plugin,
    prompt: substituteArguments(definition.prompt, parseArguments(argumentText)),
  };
}
