import type {
  PickerActionRequest,
  PickerActionResult,
  PickerCommand,
  PickerDescriptor,
} from "@elowen/plugin-api/commands";
import { signInRedirect } from "./auth/sign-in.js";
import { approveWorkspace, type ServerAdminOptions } from "./operator/server-admin.js";

/** The `/mcp` picker's row limit (the picker contract's own cap). */
const MCP_PICKER_MAX_ROWS = 500;

/**
 * `/mcp` (administrators): one row per configured server with its state, tool count and where it
 * was configured. Keys: `a` approves a workspace `.mcp.json` as it is now (the instance owner
 * only; recorded with its hash, so an edited file asks again) and starts its servers; `r`
 * reconnects a server now; `s` signs in to a `url` server that needs it (OAuth): the notice
 * carries the authorization link as `openUrl` (the redirect comes back to `mcp.publicUrl`).
 */
export function mcpPicker(admin: ServerAdminOptions): PickerCommand {
  const { set } = admin;
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
    keys: { a: "approve", r: "reconnect", s: "sign in" },
  });
  return {
    kind: "picker",
    name: "mcp",
    description: "MCP servers: state, tools, approve a workspace .mcp.json, reconnect",
    adminOnly: true,
    cliPicker: { scope: "instance", render },
    render,
    action: (request) => mcpAction(admin, request),
  };
}

async function mcpAction(
  admin: ServerAdminOptions,
  request: PickerActionRequest,
): Promise<PickerActionResult> {
  const connection = admin.set.connections.get(request.itemId);
  if (!connection) return { notice: `There is no MCP server ${request.itemId}.`, refresh: true };
  if (request.action === "a" || request.action === "approve") {
    const outcome = await approveWorkspace(admin, request.access, request.itemId);
    return outcome.ok ? { notice: outcome.message, refresh: true } : { notice: outcome.message };
  }
  if (request.action === "r" || request.action === "reconnect") {
    if (connection.state === "untrusted")
      return { notice: `Approve ${connection.server.file ?? "the workspace file"} first (key a).` };
    await admin.set.restart(request.itemId);
    return { notice: `Reconnecting ${request.itemId}.`, refresh: true };
  }
  if (request.action === "s" || request.action === "sign in") {
    if (admin.publicUrl === undefined)
      return {
        notice:
          "Set mcp.publicUrl (the daemon's address as your browser reaches it) to sign in here, or sign in from the web MCP settings.",
      };
    const outcome = await admin.signIns.begin(
      request.access,
      request.itemId,
      signInRedirect(admin.publicUrl),
    );
    if (!outcome.ok) return { notice: outcome.message };
    return outcome.openUrl === undefined
      ? { notice: outcome.message, refresh: true }
      : { notice: outcome.message, openUrl: outcome.openUrl };
  }
  return { notice: connection.reason ?? `${request.itemId} is ${connection.state}.` };
}
