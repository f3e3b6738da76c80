import type { NestedTool } from "@elowen/plugin-api/trace";
import { MAX_TOOL_DOC_CHARS, MODEL_ONLY_TOOLS } from "../limits.js";

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** True for a tool scripts must never call: ShowView, or any tool the host marks model-only. */
export function isModelOnly(tool: Pick<NestedTool, "name" | "modelOnly">): boolean {
  return tool.modelOnly === true || MODEL_ONLY_TOOLS.includes(tool.name);
}

/**
 * The tools a script may call this turn, by name: the host's gated nested tools without the
 * model-only ones. The first of two tools with one name wins.
 */
export function scriptTools(tools: readonly NestedTool[]): ReadonlyMap<string, NestedTool> {
  const map = new Map<string, NestedTool>();
  for (const tool of tools) if (!isModelOnly(tool) && !map.has(tool.name)) map.set(tool.name, tool);
  return map;
}

/** How a script spells a call: `tools.Read` or, for a name that is not an identifier, `tools["my-tool"]`. */
export function callee(name: string): string {
  return IDENTIFIER.test(name) ? `tools.${name}` : `tools[${JSON.stringify(name)}]`;
}

const clip = (text: string) =>
  text.length > MAX_TOOL_DOC_CHARS ? `${text.slice(0, MAX_TOOL_DOC_CHARS)}…` : text;

/** One tool as the exec description lists it: how to call it, what it does, its arguments' schema. */
export function toolDoc(tool: NestedTool): string {
  let schema: string;
  try {
    schema = JSON.stringify(tool.parameters) ?? "{}";
  } catch {
    schema = "{}";
  }
  const description = tool.description.trim().replace(/\n+/g, "\n  ");
  return `- ${callee(tool.name)}(args): ${clip(description)}\n  args: ${clip(schema)}`;
}
