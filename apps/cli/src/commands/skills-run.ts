import { ElowenApiError } from "@elowen/client";
import { CATALOG_SOURCES } from "@elowen/plugin-api/skills";
import { z } from "zod";
import { CliError } from "../cli/cli-error.js";
import type { CliContext } from "../cli/context.js";
import { EXIT_CODES } from "../cli/exit-codes.js";
import { formatJson, formatTable } from "../cli/table.js";
import { withClient } from "./with-client.js";

/** The Skills plugin's listing route, `GET /plugins/skills/list`. */
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
/** One remark of the catalog, as the listing gives it to administrators. */
const DiagnosticSchema = z.looseObject({
  code: z.string(),
  outcome: z.string(),
  path: z.string(),
  name: z.string().optional(),
  source: z.string().optional(),
  message: z.string(),
});
const SkillListSchema = z.object({
  skills: z.array(SkillListRowSchema),
  diagnostics: z.array(DiagnosticSchema).default([]),
});

/** Runs `elowen skills`: the skills the account may use, from the Skills plugin's live catalog. */
export async function runSkills(context: CliContext): Promise<number> {
  const { skills, diagnostics } = await withClient(context, async (client) => {
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
  if (context.options.diagnostics) {
    if (context.options.json) context.io.stdout(formatJson({ diagnostics }));
    else context.io.stdout(diagnosticsTable(diagnostics));
    return 0;
  }
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
}

function usage(effective: { model: boolean; user: boolean }): string {
  if (effective.model && effective.user) return "model+you";
  if (effective.user) return "you";
  if (effective.model) return "model";
  return "off";
}

function diagnosticsTable(diagnostics: readonly z.infer<typeof DiagnosticSchema>[]): string {
  if (diagnostics.length === 0) return "No skill diagnostics: every skill file loaded cleanly.\n";
  return formatTable(
    ["OUTCOME", "CODE", "NAME", "SOURCE", "MESSAGE"],
    diagnostics.map((d) => [d.outcome, d.code, d.name ?? "", d.source ?? "", d.message]),
  );
}
