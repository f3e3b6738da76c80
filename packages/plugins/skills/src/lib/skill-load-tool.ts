import type { Access } from "@elowen/plugin-api/access";
import { SKILL_NAME_MAX_CHARS } from "@elowen/plugin-api/limits";
import type { SkillCatalogControl, SkillReadResult } from "@elowen/plugin-api/skills";
import { errorResult, type PluginTool, textResult } from "@elowen/plugin-api/tools";
import { ElowenError } from "@elowen/plugin-shared/errors";
import { xmlElement } from "@elowen/plugin-shared/xml";
import { z } from "zod";
import { visible } from "./catalog-reads.js";
import { SKILLS_FILE_READ_FAILED } from "./error-codes.js";
import { SKILL_LOAD_PAGE_LINES } from "./limits.js";

/** One page of a skill's served text, by 1-based line offset. */
export interface SkillPage {
  /** The first line served (1-based); 0 when the text is empty. */
  readonly from: number;
  /** The last line served; 0 when the text is empty. */
  readonly to: number;
  /** Lines in the whole served text: the real length, not the length announced at registration. */
  readonly totalLines: number;
  readonly text: string;
}

/**
 * Pages a text by lines: every LF ends a line and a last line without one still counts. Answers
 * `undefined` for an offset past the last line (the empty text has only offset 1).
 */
export function pageLines(text: string, offset: number, limit: number): SkillPage | undefined {
  const lines = text === "" ? [] : text.split("\n");
  if (text.endsWith("\n")) lines.pop();
  if (lines.length === 0)
    return offset === 1 ? { from: 0, to: 0, totalLines: 0, text: "" } : undefined;
  if (offset > lines.length) return undefined;
  const slice = lines.slice(offset - 1, offset - 1 + limit);
  return {
    from: offset,
    to: offset + slice.length - 1,
    totalLines: lines.length,
    text: slice.join("\n"),
  };
}

const parameters = z.object({
  name: z
    .string()
    .min(1)
    .max(SKILL_NAME_MAX_CHARS)
    .describe("the skill's name, as listed in <available_skills> or by ListSkills"),
  offset: z.number().int().min(1).optional().describe("the first line to read, from 1 (default 1)"),
  limit: z
    .number()
    .int()
    .min(1)
    .max(SKILL_LOAD_PAGE_LINES)
    .optional()
    .describe(`how many lines to read (default and most ${SKILL_LOAD_PAGE_LINES})`),
  args: z
    .string()
    .optional()
    .describe("the arguments the skill's $ARGUMENTS, $1.. placeholders take"),
  path: z
    .string()
    .min(1)
    .max(1024)
    .optional()
    .describe(
      "a support file of the skill to read instead of its instructions, relative to the skill's folder (references/guide.md), as the skill's file list names it",
    ),
});

/**
 * SkillLoad: awaits the reader's current visible catalog, reads the skill through the host's one
 * canonical reader (`ctx.skillCatalog.readSkill`, which keeps the file inside its registered
 * directory and substitutes `args`), and serves its full source (the reader's `source`, else its
 * body) a page at a time, reporting the real length of what it serves. A skill that is not
 * visible, or whose name the reader refuses, is an error result; a file the reader could not read
 * throws the reader's typed `error`; a reader that throws becomes `skills.file_read_failed` with
 * its cause kept.
 */
export function skillLoadTool(catalog: SkillCatalogControl): PluginTool<typeof parameters> {
  return {
    name: "SkillLoad",
    label: "Load skill",
    description:
      "Loads a skill's instructions by name, or with path one of its support files (references, scripts, templates) by its path relative to the skill's folder. Long texts come a page at a time: call again with the offset the result names.",
    parameters,
    executionMode: "parallel",
    async execute(args, context) {
      const entries = await visible(catalog, context.access);
      if (!entries.some((entry) => entry.name === args.name)) {
        return errorResult(
          `No skill named "${args.name}" is available to you. ListSkills shows the skills you can load.`,
        );
      }
      if (args.path !== undefined) return loadSupportFile(catalog, args, context.access);
      let read: SkillReadResult;
      try {
        read = await catalog.readSkill(args.name, {
          access: context.access,
          ...(args.args === undefined ? {} : { args: args.args }),
        });
      } catch (error) {
        throw new ElowenError({
          code: SKILLS_FILE_READ_FAILED,
          summary: `could not read skill "${args.name}"`,
          cause: error,
        });
      }
      if (!read.ok) {
        // A file failure keeps its typed cause (an instance condition for personal and instance
        // skills) for the host's reporter; a name that is missing or denied is the model's answer.
        if (read.error !== undefined) throw read.error;
        return errorResult(`Skill "${args.name}" could not be loaded: ${read.message}`);
      }
      const source = read.source ?? read.body;
      const offset = args.offset ?? 1;
      const page = pageLines(source, offset, args.limit ?? SKILL_LOAD_PAGE_LINES);
      if (page === undefined) {
        const total = pageLines(source, 1, 1)?.totalLines ?? 0;
        return errorResult(
          `offset ${offset} is past the end: skill "${args.name}" has ${total} lines`,
        );
      }
      const attributes = {
        name: args.name,
        lines: `${page.from}-${page.to}`,
        total: page.totalLines,
      };
      const more = page.to < page.totalLines ? page.to + 1 : undefined;
      const note =
        more === undefined
          ? ""
          : `\n(Lines ${page.from}-${page.to} of ${page.totalLines}. Call SkillLoad with offset ${more} for the rest.)`;
      const files = offset === 1 ? await filesNote(catalog, args.name, context.access) : "";
      return textResult(`${xmlElement("skill", attributes, `\n${page.text}\n`)}${note}${files}`, {
        skill: args.name,
        from: page.from,
        to: page.to,
        totalLines: page.totalLines,
        ...(more === undefined ? {} : { nextOffset: more }),
      });
    },
  };
}

/** The skill's support files, named after its first page so the model knows they exist. */
async function filesNote(
  catalog: SkillCatalogControl,
  name: string,
  access: Access,
): Promise<string> {
  const listed = await catalog.skillFiles?.(name, { access });
  if (listed === undefined || !listed.ok || listed.files.length === 0) return "";
  const more = listed.cut ? "\n(and more files not listed)" : "";
  return `\n${xmlElement("skill_files", { name }, `\n${listed.files.join("\n")}${more}\n`)}\nRead one with SkillLoad { name: "${name}", path: "<file>" }.`;
}

/** SkillLoad with `path`: one page of a support file, read through the host's contained reader. */
async function loadSupportFile(
  catalog: SkillCatalogControl,
  args: z.infer<typeof parameters>,
  access: Access,
) {
  const path = args.path as string;
  if (catalog.readSkillFile === undefined)
    return errorResult("This host cannot read a skill's support files.");
  const read = await catalog.readSkillFile(args.name, path, { access });
  if (!read.ok)
    return errorResult(`File "${path}" of skill "${args.name}" could not be read: ${read.message}`);
  const offset = args.offset ?? 1;
  const page = pageLines(read.text, offset, args.limit ?? SKILL_LOAD_PAGE_LINES);
  if (page === undefined) {
    const total = pageLines(read.text, 1, 1)?.totalLines ?? 0;
    return errorResult(`offset ${offset} is past the end: "${path}" has ${total} lines`);
  }
  const more = page.to < page.totalLines ? page.to + 1 : undefined;
  const note =
    more === undefined
      ? ""
      : `\n(Lines ${page.from}-${page.to} of ${page.totalLines}. Call SkillLoad with path "${path}" and offset ${more} for the rest.)`;
  const attributes = {
    name: args.name,
    path,
    lines: `${page.from}-${page.to}`,
    total: page.totalLines,
  };
  return textResult(`${xmlElement("skill_file", attributes, `\n${page.text}\n`)}${note}`, {
    skill: args.name,
    path,
    from: page.from,
    to: page.to,
    totalLines: page.totalLines,
    ...(more === undefined ? {} : { nextOffset: more }),
  });
}
