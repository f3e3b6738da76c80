import { usageError } from "../cli/cli-error.js";
import { CONNECTION_OPTIONS, type CommandSpec, JSON_OPTION } from "../cli/command-spec.js";

/** `elowen skills`: the skills the account may use, from the Skills plugin's live catalog. */
export const skillsCommand: CommandSpec = {
  name: "skills",
  summary: "List the skills you can use (from the Skills plugin's live catalog)",
  usage: [
    "skills [--json]",
    "skills --diagnostics [--json]",
    "skills import <dir> [--owner me|instance|<account-id>] [--json]",
    "skills export <name> [--owner me|instance|<account-id>] [--out <file>] [--json]",
  ],
  options: {
    ...JSON_OPTION,
    ...CONNECTION_OPTIONS,
    owner: {
      type: "string",
      value: "<owner>",
      description: "import, export: whose folder (me, instance or an account id; default me)",
    },
    out: {
      type: "string",
      value: "<file>",
      description: "export: where to write (default <name>.tar)",
    },
    diagnostics: {
      type: "boolean",
      description:
        "show why skills were left out and the warnings of those loaded (administrators)",
    },
  },
  maxPositionals: 2,
  async run(context) {
    const [action, argument] = context.positionals;
    if (action === "import") {
      const { importSkillDir } = await import("./skills-archive.js");
      return importSkillDir(context, argument);
    }
    if (action === "export") {
      const { exportSkillFile } = await import("./skills-archive.js");
      return exportSkillFile(context, argument);
    }
    if (action !== undefined)
      throw usageError(`unknown skills action "${action}": expected import or export`);
    const { runSkills } = await import("./skills-run.js");
    return runSkills(context);
  },
};
