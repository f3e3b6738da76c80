import { TOOL_NAME_PATTERN } from "@elowen/plugin-api/tools";

/** The model's name of a server's tool: `mcp__<server>__<tool>`, other characters as `_`. */
export function mcpToolName(server: string, tool: string): string {
  return `mcp__${server}__${tool.replace(/[^A-Za-z0-9_-]/g, "_")}`;
}

/** Whether a server's tool passes the entry's `tools.allow` / `tools.deny` lists. */
export function toolAllowed(
  tool: string,
  lists:
    | {
        readonly allow?: readonly string[] | undefined;
        readonly deny?: readonly string[] | undefined;
      }
    | undefined,
): boolean {
  if (lists?.deny?.includes(tool)) return false;
  return lists?.allow === undefined || lists.allow.includes(tool);
}

/** A tool's model name, or why it cannot have one. */
export type NamedTool =
  | { readonly ok: true; readonly name: string }
  | { readonly ok: false; readonly reason: string };

/**
 * Names every tool of every server; a name longer than TOOL_NAME_PATTERN allows, or one two tools
 * share once normalized (`a.b` and `a_b`, or server `x__y` tool `z` and server `x` tool `y__z`),
 * is refused for both with a reason naming them.
 */
export function nameTools(
  servers: readonly { readonly server: string; readonly tools: readonly string[] }[],
): Map<string, Map<string, NamedTool>> {
  const claims = new Map<string, string[]>();
  for (const { server, tools } of servers)
    for (const tool of tools) {
      const name = mcpToolName(server, tool);
      claims.set(name, [...(claims.get(name) ?? []), `${server}/${tool}`]);
    }
  const named = new Map<string, Map<string, NamedTool>>();
  for (const { server, tools } of servers) {
    const own = new Map<string, NamedTool>();
    for (const tool of tools) {
      const name = mcpToolName(server, tool);
      const holders = claims.get(name) ?? [];
      if (!TOOL_NAME_PATTERN.test(name))
        own.set(tool, {
          ok: false,
          reason: `tool ${tool}: its name ${name} is longer than 64 characters or starts badly`,
        });
      else if (holders.length > 1)
        own.set(tool, {
          ok: false,
          reason: `tool ${tool}: ${name} is also the name of ${holders.filter((h) => h !== `${server}/${tool}`).join(", ")}; neither is offered`,
        });
      else own.set(tool, { ok: true, name });
    }
    named.set(server, own);
  }
  return named;
}
