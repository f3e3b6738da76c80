import type {
  PickerActionRequest,
  PickerActionResult,
  PickerCommand,
  PickerDescriptor,
} from "@elowen/plugin-api";
import type { WorkspaceTrust } from "./config/workspace-trust.js";
import type { ServerSet } from "./servers/server-set.js";

/** The `/mcp` picker's row limit (the picker contract's own cap). */
const MCP_PICKER_MAX_ROWS = 500;

/**
 * `/mcp` (administrators): one row per configured server with its state, tool count and where it
 * was configured. Keys: `a` approves a workspace `.mcp.json` as it is now (the instance owner
 * only; recorded with its hash, so an edited file asks again) and starts its servers; `r`
 * reconnects a server now.
 */
export function mcpPicker(set: ServerSet, trust: WorkspaceTrust): PickerCommand {
  const render = (): PickerDescriptor => ({
    title: "MCP servers",
    items: [...set.connections.values()].slice(0, MCP_PICKER_MAX_ROWS).map((c) => {
      const row = set.statusRows()?.find((r) => r.name === c.server.name);
      const state = row?.reason ? `${row.status}: ${row.reason}` : (row?.status ?? c.state);
      return {
        id: c.server.name,
        label: c.server.name,
        description: state.length > 500 ? `${state.slice(0, 499)}…` : state,
        hint: `${row?.tools ?? 0} tools · ${c.server.origin}`,
      };
    }),
    emptyText: "No MCP servers are configured (mcp.servers in elowen.yaml, or mcp.json).",
    keys: { a: "approve", r: "reconnect" },
  });
  return {
    kind: "picker",
    name: "mcp",
    description: "MCP servers: state, tools, approve a workspace .mcp.json, reconnect",
    adminOnly: true,
    cliPicker: { scope: "instance", render },
    render,
    action: (request) => mcpAction(set, trust, request),
  };
}

async function mcpAction(
  set: ServerSet,
  trust: WorkspaceTrust,
  request: PickerActionRequest,
): Promise<PickerActionResult> {
  const connection = set.connections.get(request.itemId);
  if (!connection) return { notice: `There is no MCP server ${request.itemId}.`, refresh: true };
  if (request.action === "a" || request.action === "approve") {
    const file = connection.server.file;
    if (connection.server.origin !== "workspace" || file === undefined)
      return { notice: `${request.itemId} is not from a workspace .mcp.json; nothing to approve.` };
    if (!request.access.isOwner)
      return { notice: "Only the instance owner approves a workspace .mcp.json." };
    const approval = await trust.approve(file, request.access.userId);
    if (!approval) return { notice: `${file} cannot be read; nothing was approved.` };
    const started: string[] = [];
    for (const other of set.connections.values())
      if (other.server.file === file && other.state === "untrusted") {
        await set.restart(other.server.name, true);
        started.push(other.server.name);
      }
    return {
      notice: `Approved ${file} (sha256 ${approval.sha256.slice(0, 12)}…); starting ${started.join(", ") || "nothing"}.`,
      refresh: true,
    };
  }
  if (request.action === "r" || request.action === "reconnect") {
    if (connection.state === "untrusted")
      return { notice: `Approve ${connection.server.file ?? "the workspace file"} first (key a).` };
    await set.restart(request.itemId);
    return { notice: `Reconnecting ${request.itemId}.`, refresh: true };
  }
  return { notice: connection.reason ?? `${request.itemId} is ${connection.state}.` };
}
