import type { ChatCommandDescriptor } from "@elowen/plugin-api/commands";

/**
 * The commands core owns. Clients run them locally (mechanism `builtin`); a plugin cannot
 * register a command of the same name.
 */
export const CORE_COMMANDS: readonly ChatCommandDescriptor[] = [
  builtin("help", "List the commands you can use"),
  builtin("new", "Start a new conversation"),
  builtin("sessions", "Switch to another conversation"),
  builtin("rename", "Rename this conversation"),
  builtin("status", "Show the daemon's status: model, plugins, MCP servers"),
  builtin("model", "Show or choose the model"),
  builtin("cancel", "Stop the running turn"),
];

function builtin(name: string, description: string): ChatCommandDescriptor {
  return {
    name,
    description,
    kind: "picker",
    mechanism: "builtin",
    owner: "core",
    adminOnly: false,
  };
}
