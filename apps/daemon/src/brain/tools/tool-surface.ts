import type { Access } from "@elowen/plugin-api/access";
import type { PluginFilter } from "@elowen/prompt-compose";
import type { BrainHost } from "../host/brain-host.js";
import { pluginToolDef } from "./plugin-tools.js";
import { sourcedToolDefs } from "./sourced-tools.js";
import type { ToolDef } from "./tool-def.js";
import { workspaceOf } from "./workspace-guard.js";
import { workspaceTools } from "./workspace-tools.js";

/**
 * The tools a turn offers before any wrapper composition: the plugins' tools (of the plugins
 * taking part), then the tools their sources list now, the host's own tools, and the workspace
 * tools confined to the session's workspace. A plugin tool wins a name it shares with a host
 * tool; the host tool is left out. A sourced tool never takes a registered tool's name.
 */
export async function baseToolSurface(
  host: BrainHost,
  sessionId: string,
  filter: PluginFilter,
  hostTools: readonly ToolDef[],
  access: Access,
): Promise<{ readonly tools: ToolDef[]; readonly workspace: string | undefined }> {
  const tools = host.registry.tools
    .list()
    .filter((entry) => filter(entry.plugin))
    .map((entry) => pluginToolDef(entry));
  const owners = new Map(tools.map((t) => [t.name, t.owner]));
  tools.push(...sourcedToolDefs(host.registry.tools, filter, owners, host.log, access));
  const taken = new Set(owners.keys());
  const add = (defs: readonly ToolDef[]) => {
    for (const def of defs) {
      if (taken.has(def.name)) {
        host.log(
          `the host's ${def.name} tool is left out: a plugin registered a tool of that name`,
        );
        continue;
      }
      taken.add(def.name);
      tools.push(def);
    }
  };
  add(hostTools);
  let workspace: string | undefined;
  if (host.config.workspaceTools) {
    workspace = await workspaceOf(host, sessionId);
    add(await workspaceTools(workspace, host.config.permissions));
  } else {
    await host.sessionWorkspaces?.enter(
      sessionId,
      (await host.store.sessions.get(sessionId))?.workspace ?? null,
    );
  }
  return { tools, workspace };
}
