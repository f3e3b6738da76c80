import type { Access } from "@elowen/plugin-api/access";
import { type SourcedTool, TOOL_NAME_PATTERN } from "@elowen/plugin-api/tools";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { runWithAccess } from "../../plugins/call-scope/access-scope.js";
import type { ToolRegistry } from "../../plugins/registries/tool-registry.js";
import { summarizeArguments, type ToolDef } from "./tool-def.js";

/**
 * A plugin's sourced tool (JSON Schema arguments) as the brain offers it. The host checks only that
 * the arguments are a JSON object; the tool validates the rest.
 */
export function sourcedToolDef(plugin: string, tool: SourcedTool): ToolDef {
  return {
    name: tool.name,
    label: tool.label ?? tool.name,
    description: tool.description,
    parameters: tool.inputSchema as Record<string, unknown>,
    owner: plugin,
    permission: tool.permission ?? "never",
    ...(tool.executionMode === undefined ? {} : { executionMode: tool.executionMode }),
    check(args) {
      if (typeof args === "object" && args !== null && !Array.isArray(args))
        return { ok: true, value: args };
      return {
        ok: false,
        message: `Invalid arguments for ${tool.name}: (arguments): expected an object`,
      };
    },
    summarize(args) {
      if (tool.summarize) {
        try {
          return tool.summarize(args as Record<string, unknown>);
        } catch {
          // A summary that throws falls back to the arguments themselves.
        }
      }
      return summarizeArguments(args);
    },
    run: (args, context) => tool.execute(args as Record<string, unknown>, context),
  };
}

/**
 * The tools every registered source lists now, for plugins `filter` admits. A source that throws,
 * or lists a tool with a bad name, schema or `execute`, is logged and that tool (or source) left
 * out; a name already in `taken` is left out, naming both owners. Adds the names it keeps to `taken`.
 * Each source is read with the turn's `access` as `ctx.currentAccess()` (an account's own tools).
 */
export function sourcedToolDefs(
  registry: ToolRegistry,
  filter: (plugin: string) => boolean,
  taken: Map<string, string>,
  log: (message: string) => void,
  access: Access,
): ToolDef[] {
  const defs: ToolDef[] = [];
  for (const { plugin, source } of registry.sources()) {
    if (!filter(plugin)) continue;
    let listed: readonly SourcedTool[];
    try {
      listed = runWithAccess(access, () => source());
    } catch (error) {
      log(
        `the tool source of ${plugin} failed and offers nothing this turn: ${errorMessage(error)}`,
      );
      continue;
    }
    for (const tool of listed) {
      const problem = sourcedToolProblem(tool);
      if (problem !== undefined) {
        log(`a tool of ${plugin}'s source is left out: ${problem}`);
        continue;
      }
      const owner = taken.get(tool.name);
      if (owner !== undefined) {
        log(
          `${plugin}'s tool ${tool.name} is left out: ${owner} already offers a tool of that name`,
        );
        continue;
      }
      taken.set(tool.name, plugin);
      defs.push(sourcedToolDef(plugin, tool));
    }
  }
  return defs;
}

function sourcedToolProblem(tool: SourcedTool): string | undefined {
  if (typeof tool !== "object" || tool === null) return "a sourced tool is an object";
  if (typeof tool.name !== "string" || !TOOL_NAME_PATTERN.test(tool.name))
    return `name ${JSON.stringify(tool.name)} must match ${TOOL_NAME_PATTERN}`;
  if (typeof tool.description !== "string") return `${tool.name}: description is a string`;
  if (typeof tool.execute !== "function") return `${tool.name}: execute must be a function`;
  const schema = tool.inputSchema;
  if (typeof schema !== "object" || schema === null || schema.type !== "object")
    return `${tool.name}: inputSchema is a JSON Schema of type "object"`;
  return undefined;
}
