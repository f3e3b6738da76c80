import type { Access } from "@elowen/plugin-api/access";
import type { ChatSurface } from "@elowen/plugin-api/commands";
import type { CommandRegistry } from "./command-registry.js";
import { expandPromptCommand } from "./expand-prompt-command.js";

/** `/name` at the very start, the name one to 32 command characters, then whitespace or the end. */
const SLASH = /^\/([a-z0-9][a-z0-9-]{0,31})(?=\s|$)/;

/**
 * What a turn's text becomes before the input transforms run, for a typed `/name tail`: a plugin
 * prompt command is expanded (its arguments substituted), an alias is forwarded to its target
 * with the separator and tail unchanged byte for byte (`/report-guide Q3` becomes
 * `/skill:report-guide Q3`, for the Skills input transform to expand). The catalog is read live
 * for the turn's account (providers are asked again, so a revoked skill is no longer forwarded);
 * adminOnly and grants are checked again at dispatch. Anything else comes back unchanged: core
 * builtins and pickers run in the clients, and an unknown name is the person's text.
 */
export async function forwardSlashCommand(
  registry: CommandRegistry,
  text: string,
  access: Access,
): Promise<string> {
  const match = SLASH.exec(text);
  if (!match) return text;
  const name = match[1] as string;
  const rest = text.slice(match[0].length);
  const surface: ChatSurface = access.surface === "cli" ? "cli" : "web";
  const row = (await registry.catalog(surface, access)).find((command) => command.name === name);
  if (row?.mechanism === "alias" && row.target !== undefined) return `${row.target}${rest}`;
  if (row?.mechanism === "prompt") {
    // The argument text starts after the one whitespace character that ends the name.
    return expandPromptCommand(registry, name, rest.slice(1), access).prompt;
  }
  return text;
}
