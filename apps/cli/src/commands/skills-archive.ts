import { existsSync, statSync, writeFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { archiveSkillFolder, SkillArchiveError } from "@elowen/skill-catalog";
import { z } from "zod";
import { CliError, usageError } from "../cli/cli-error.js";
import type { CliContext } from "../cli/context.js";
import { EXIT_CODES } from "../cli/exit-codes.js";
import { formatJson } from "../cli/table.js";
import { withClient } from "./with-client.js";

const ImportedSchema = z.looseObject({
  skill: z.looseObject({ name: z.string(), catalogSource: z.string(), revision: z.number() }),
});
const ExportedSchema = z.looseObject({
  name: z.string(),
  format: z.literal("tar"),
  archive: z.string(),
});

/** `--owner`: whose folder (`me`, `instance`, or an account id); default `me`. */
function ownerOf(context: CliContext): string {
  const owner = context.options.owner;
  return typeof owner === "string" ? owner : "me";
}

/**
 * `elowen skills import <dir>`: packs the skill folder as an archive (every file, links refused)
 * and imports it through `POST /plugins/skills/import`, keeping every file and frontmatter key.
 */
export async function importSkillDir(
  context: CliContext,
  dir: string | undefined,
): Promise<number> {
  if (dir === undefined)
    throw usageError("skills import needs the skill's folder: skills import <dir>");
  const folder = resolve(dir);
  if (!existsSync(folder) || !statSync(folder).isDirectory())
    throw usageError(`${folder} is not a folder; give the folder that holds SKILL.md`);
  let archive: Uint8Array;
  try {
    archive = archiveSkillFolder(folder, basename(folder));
  } catch (error) {
    if (error instanceof SkillArchiveError)
      throw new CliError(EXIT_CODES.usage, `${folder}: ${error.message}`);
    throw error;
  }
  const answer = await withClient(context, (client) =>
    client.request("POST", "/plugins/skills/import", {
      query: { owner: ownerOf(context) },
      body: { archive: Buffer.from(archive).toString("base64") },
      schema: ImportedSchema,
    }),
  );
  if (context.options.json) context.io.stdout(formatJson(answer));
  else
    context.io.stdout(`Imported the ${answer.skill.catalogSource} skill "${answer.skill.name}".\n`);
  return 0;
}

/** `elowen skills export <name> [--out <file>]`: the skill's whole folder as a tar archive. */
export async function exportSkillFile(
  context: CliContext,
  name: string | undefined,
): Promise<number> {
  if (name === undefined)
    throw usageError("skills export needs a skill name: skills export <name>");
  const answer = await withClient(context, (client) =>
    client.request("GET", `/plugins/skills/${encodeURIComponent(name)}/export`, {
      query: { owner: ownerOf(context) },
      schema: ExportedSchema,
    }),
  );
  const out = resolve(
    typeof context.options.out === "string" ? context.options.out : `${answer.name}.tar`,
  );
  writeFileSync(out, Buffer.from(answer.archive, "base64"));
  if (context.options.json) context.io.stdout(formatJson({ name: answer.name, file: out }));
  else context.io.stdout(`Wrote skill "${answer.name}" to ${out}.\n`);
  return 0;
}
