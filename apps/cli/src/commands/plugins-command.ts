import { CONNECTION_OPTIONS, type CommandSpec, JSON_OPTION } from "../cli/command-spec.js";

/** `elowen plugins`: install, list, update and remove plugins in the daemon's data directory. */
export const pluginsCommand: CommandSpec = {
  name: "plugins",
  summary: "Install, list, update and remove plugins (the instance owner)",
  usage: [
    "plugins [list] [--json]",
    "plugins add <npm-spec | folder | tarball | name@marketplace-dir> [--yes] [--json]",
    "plugins update <name> [--yes] [--json]",
    "plugins remove <name> [--json]",
  ],
  details: [
    "A plugin that asks for capabilities (capabilities.mutates) is installed only once you consent:",
    "`add` shows them and asks; --yes consents without a prompt. `update` asks again when they grew.",
    "Installs go to $ELOWEN_HOME/plugins, pinned by version and integrity in plugins.lock.json;",
    "a failed install changes nothing. A new plugin loads at once; an updated or removed one at the next start.",
  ],
  options: {
    yes: {
      type: "boolean",
      short: "y",
      description: "consent to the capabilities asked, without a prompt",
    },
    ...JSON_OPTION,
    ...CONNECTION_OPTIONS,
  },
  maxPositionals: 2,
  async run(context) {
    const { runPlugins } = await import("./plugins-run.js");
    return runPlugins(context);
  },
};
