import { ElowenApiError } from "@elowen/client";
import { SKILLS_LIST_PATH, type SkillDiagnostic, SkillListSchema } from "@elowen/wire";
import { CliError } from "../cli/cli-error.js";
import type { CliContext } from "../cli/context.js";
import { EXIT_CODES } from "../cli/exit-codes.js";
import { formatJson, formatTable } from "../cli/table.js";
import { withClient } from "./with-client.js";

/** Runs `elowen skills`: the skills the account may use, from the Skills plugin's live catalog. */
export async function runSkills(context: CliContext): Promise<number> {
  const body = await withClient(context, async (client) => {
    try {
      return await client.request("GET", SKILLS_LIST_PATH);
    } catch (error) {
      if (error instanceof ElowenApiError && error.status === 404)
        throw new CliError(
          EXIT_CODES.notFound,
          "the daemon has no Skills plugin loaded (GET /plugins/skills/list answered 404): enable @elowen/plugin-skills",
        );
      throw error;
    }
  });
  const { skills, diagnostics } = SkillListSchema.parse(body);
  // --json prints the rows as they came (unknown fields kept); the tables read the parsed ones.
  const raw = body as { readonly skills: unknown; readonly diagnostics?: unknown };
  if (context.options.diagnostics) {
    if (context.options.json) context.io.stdout(formatJson({ diagnostics: raw.diagnostics ?? [] }));
    else context.io.stdout(diagnosticsTable(diagnostics));
    return 0;
  }
  if (context.options.json) {
    context.io.stdout(formatJson({ skills: raw.skills }));
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

function diagnosticsTable(diagnostics: readonly SkillDiagnostic[]): string {
  if (diagnostics.length === 0) return "No skill diagnostics: every skill file loaded cleanly.\n";
  return formatTable(
    ["OUTCOME", "CODE", "NAME", "SOURCE", "MESSAGE"],
    diagnostics.map((d) => [d.outcome, d.code, d.name ?? "", d.source ?? "", d.message]),
  );
}
