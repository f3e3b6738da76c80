import { ElowenApiError } from "@elowen/client";
import { CATALOG_SOURCES } from "@elowen/plugin-api";
import { z } from "zod";
import { CliError } from "../cli/cli-error.js";
import { CONNECTION_OPTIONS, type CommandSpec, JSON_OPTION } from "../cli/command-spec.js";
import { EXIT_CODES } from "../cli/exit-codes.js";
import { formatJson, formatTable } from "../cli/table.js";
import { withClient } from "./with-client.js";

/** The Skills plugin's listing route (seed 003, "Declared HTTP patterns"). */
export const SKILLS_LIST_PATH = "/plugins/skills/list";

/** One row of the Skills plugin's listing, as the CLI reads it (unknown fields kept for --json). */
export const SkillListRowSchema = z.looseObject({
  name: z.string(),
  description: z.string(),
  plugin: z.string(),
  catalogSource: z.enum(CATALOG_SOURCES),
  effective: z.object({ model: z.boolean(), user: z.boolean() }),
  lineCount: z.number().int().nonnegative().nullable(),
});
const SkillListSchema = z.object({ skills: z.array(SkillListRowSchema) });

/** `elowen skills`: the skills the account may use, from the Skills plugin's live catalog. */
export const skillsCommand: CommandSpec = {
  name: "skills",
  summary: "List the skills you can use (from the Skills plugin's live catalog)",
  usage: ["skills [--json]"],
  options: { ...JSON_OPTION, ...CONNECTION_OPTIONS },
  maxPositionals: 0,
  async run(context) {
    const { skills } = await withClient(context, async (client) => {
      try {
        return await client.request("GET", SKILLS_LIST_PATH, { schema: SkillListSchema });
      } catch (error) {
        if (error instanceof ElowenApiError && error.status === 404)
          throw new CliError(
            EXIT_CODES.notFound,
            "the daemon has no Skills plugin loaded (GET /plugins/skills/list answered 404): enable @elowen/plugin-skills",
          );
        throw error;
      }
    });
    if (context.options.json) {
      context.io.stdout(formatJson({ skills }));
      return 0;
    }
    if (skills.length === 0) {
      context.io.stdout("No skills are available to you.\n");
      return 0;
    }
    context.io.stdout(
      formatTable(
        ["NAME", "SOURCE", "LINES", "USE", "DESCRIPTION"],
        skills.map((s) => [
          s.name,
          s.catalogSource,
          s.lineCount === null ? "?" : String(s.lineCount),
          usage(s.effective),
          s.description,
        ]),
      ),
    );
    return 0;
  },
};

function usage(effective: { model: boolean; user: boolean }): string {
  if (effective.model && effective.user) return "model+you";
  if (effective.user) return "you";
  if (effective.model) return "model";
  return "off";
}
