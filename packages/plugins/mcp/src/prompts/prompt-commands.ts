import type { CommandAlias } from "@elowen/plugin-api/commands";
import { COMMAND_NAME_PATTERN } from "@elowen/plugin-api/limits";
import type { InputTransformArgs } from "@elowen/plugin-api/prompt-context";
import { errorMessage } from "@elowen/plugin-shared/errors";
import type { GetPromptResult, Prompt } from "@modelcontextprotocol/sdk/types.js";
import type { ServerConnection } from "../servers/server-connection.js";
import type { ServerSet } from "../servers/server-set.js";
import { mcpToolName } from "../tools/tool-names.js";

/** The slash line of a server's prompt: `/mcp__<server>__<prompt>`. */
export const promptLine = (server: string, prompt: string) => `/${mcpToolName(server, prompt)}`;

/**
 * The catalog's aliases of the prompts of the connected servers the account sees (instance servers
 * and its own, another account's never): `/mcp-<server>-<prompt>` (command names
 * are lowercase letters, digits and dashes, at most 32) standing for `/mcp__<server>__<prompt>`,
 * with the prompt's description and its arguments in order. A prompt whose alias would not be a
 * command name is still usable by its `/mcp__` line, just not listed.
 */
export function promptAliases(set: ServerSet, userId: number | null): CommandAlias[] {
  const aliases: CommandAlias[] = [];
  for (const connection of set.visibleTo(userId)) {
    if (connection.state !== "connected") continue;
    for (const prompt of connection.prompts) {
      const name = `mcp-${connection.server.name}-${prompt.name}`
        .toLowerCase()
        .replace(/[^a-z0-9-]/g, "-");
      if (!COMMAND_NAME_PATTERN.test(name)) continue;
      const args = (prompt.arguments ?? []).map((a) =>
        a.required ? `<${a.name}>` : `[${a.name}]`,
      );
      aliases.push({
        name,
        description:
          `${prompt.description ?? prompt.title ?? prompt.name}${args.length ? ` ${args.join(" ")}` : ""}`.slice(
            0,
            500,
          ),
        target: promptLine(connection.server.name, prompt.name),
      });
    }
  }
  return aliases;
}

/**
 * The input transform of `/mcp__<server>__<prompt> args`: the arguments are mapped `name=value`
 * first and the rest in the prompt's argument order; the server's `prompts/get` answer becomes the
 * turn's text (its messages' text, an assistant message marked as such). Any other text passes.
 * A missing required argument, an unknown prompt or a failed call becomes text telling the model
 * (and the person) what went wrong, so nothing is sent to the server half-formed. Only a server the
 * turn's account sees answers: another account's server is as absent as an unknown one.
 */
export function promptTransform(set: ServerSet) {
  return async ({ text, userId }: InputTransformArgs): Promise<string> => {
    const match = /^\/mcp__([A-Za-z0-9_-]+?)__(\S+)(?:\s+([\s\S]*))?$/.exec(text.trim());
    if (!match) return text;
    const [, serverName = "", promptName = "", tail = ""] = match;
    const connection = set.visibleTo(userId).find((c) => c.server.name === serverName);
    const prompt = connection?.prompts.find(
      (p) => mcpToolName(serverName, p.name) === `mcp__${serverName}__${promptName}`,
    );
    if (!connection || !prompt) return text;
    const mapped = mapArguments(prompt, tail);
    if (typeof mapped === "string") return `${text}\n\n(MCP prompt ${promptName}: ${mapped})`;
    return getPromptText(connection, prompt, mapped, text);
  };
}

async function getPromptText(
  connection: ServerConnection,
  prompt: Prompt,
  args: Record<string, string>,
  text: string,
): Promise<string> {
  const client = connection.client;
  if (!client) return `${text}\n\n(MCP prompt ${prompt.name}: the server is not connected)`;
  let result: GetPromptResult;
  try {
    result = await client.getPrompt(
      { name: prompt.name, arguments: args },
      { timeout: connection.timeoutMs },
    );
  } catch (error) {
    return `${text}\n\n(MCP prompt ${prompt.name} failed: ${errorMessage(error)})`;
  }
  return result.messages
    .map((message) => {
      const body =
        message.content.type === "text"
          ? message.content.text
          : message.content.type === "resource" && "text" in message.content.resource
            ? String(message.content.resource.text)
            : `[${message.content.type} content not shown]`;
      return message.role === "assistant" ? `(assistant) ${body}` : body;
    })
    .join("\n\n");
}

/** Maps `name=value` words by name and the others in the prompt's argument order. */
export function mapArguments(prompt: Prompt, tail: string): Record<string, string> | string {
  const declared = prompt.arguments ?? [];
  const words = tail.match(/"[^"]*"|\S+/g) ?? [];
  const args: Record<string, string> = {};
  const positional: string[] = [];
  for (const word of words) {
    const named = /^([A-Za-z_][A-Za-z0-9_-]*)=(.*)$/s.exec(word);
    if (named?.[1] && declared.some((a) => a.name === named[1]))
      args[named[1]] = unquote(named[2] ?? "");
    else positional.push(unquote(word));
  }
  for (const argument of declared) {
    if (args[argument.name] !== undefined) continue;
    const next = positional.shift();
    if (next !== undefined) args[argument.name] = next;
  }
  if (positional.length > 0) {
    const last = declared.at(-1);
    if (!last) return `it takes no arguments, got "${positional.join(" ")}"`;
    args[last.name] = [args[last.name], ...positional].join(" ");
  }
  const missing = declared
    .filter((a) => a.required && args[a.name] === undefined)
    .map((a) => a.name);
  return missing.length > 0 ? `missing required argument ${missing.join(", ")}` : args;
}

const unquote = (word: string) => (/^".*"$/s.test(word) ? word.slice(1, -1) : word);
