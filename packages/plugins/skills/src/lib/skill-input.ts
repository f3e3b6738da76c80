import type { PluginLogger } from "@elowen/plugin-api";
import type { InputTransform } from "@elowen/plugin-api/prompt-context";
import type { SkillCatalogControl, SkillReadResult } from "@elowen/plugin-api/skills";
import { ElowenError, isElowenError } from "@elowen/plugin-shared/errors";
import { xmlElement } from "@elowen/plugin-shared/xml";
import {
  SKILLS_CATALOG_FAILED,
  SKILLS_FILE_READ_FAILED,
  SKILLS_INPUT_TRANSFORM_FAILED,
} from "./error-codes.js";
import { SKILL_COMMAND_PREFIX } from "./limits.js";

/** An explicit invocation split at the first whitespace: `/skill:` + name + separator + rest. */
export interface ExplicitInvocation {
  readonly name: string;
  /** The first whitespace character after the name (space, tab, newline, ...), or "" when none. */
  readonly separator: string;
  /** Everything after the separator, byte for byte. */
  readonly rest: string;
}

/** What the model reads in place of an invocation of a denied or missing skill. */
export const SKILL_UNAVAILABLE_TEXT =
  "This skill is not available to you, so no instructions were loaded.";

/**
 * Reads `/skill:name rest` at the very start of the text. The name ends at the first whitespace
 * character (tabs and newlines included); the separator and the rest are kept exactly, so that
 * `"/skill:" + name + separator + rest` is the input. Anything else, including an empty name, is
 * not an explicit invocation.
 */
export function parseSkillInvocation(text: string): ExplicitInvocation | undefined {
  if (!text.startsWith(SKILL_COMMAND_PREFIX)) return undefined;
  const after = text.slice(SKILL_COMMAND_PREFIX.length);
  const space = /\s/.exec(after);
  const name = space ? after.slice(0, space.index) : after;
  if (name === "") return undefined;
  return space
    ? { name, separator: space[0], rest: after.slice(space.index + space[0].length) }
    : { name, separator: "", rest: "" };
}

/**
 * The expanded text: the skill's markdown body (blank lines at its ends trimmed) in a
 * `<skill name="...">` element, the attribute escaped and the body not, followed by the separator
 * and the user's words exactly as typed.
 */
export function renderInvocation(invocation: ExplicitInvocation, body: string): string {
  // Blank lines at the body's ends are trimmed, as the host's own expansion does.
  const trimmed = body.replace(/^\n+/, "").replace(/\s+$/, "");
  return `${xmlElement("skill", { name: invocation.name }, `\n${trimmed}\n`)}${invocation.separator}${invocation.rest}`;
}

/** The unavailable-skill result: the same for a denied and a missing skill, so it reveals neither. */
export function renderUnavailable(invocation: ExplicitInvocation): string {
  return `${xmlElement("skill-unavailable", { name: invocation.name }, SKILL_UNAVAILABLE_TEXT)}${invocation.separator}${invocation.rest}`;
}

/**
 * The input transform for explicit invocations (registered with `mutates: ["turnContext"]`). Input
 * that is not an explicit invocation comes back unchanged. Otherwise it awaits the current user
 * projection, reads the skill through the one canonical reader, and expands it. A skill outside
 * the projection, or one the reader answers as missing or denied, gives the unavailable-skill
 * result; a redirected or unreadable file throws the reader's typed error. Catalog and reader
 * failures are thrown as `skills.catalog_failed` and `skills.file_read_failed`, anything else as
 * `skills.input_transform_failed`, each keeping its cause.
 */
export function skillInputTransform(
  catalog: SkillCatalogControl,
  log: Pick<PluginLogger, "warn">,
): InputTransform {
  return async ({ text }) => {
    const invocation = parseSkillInvocation(text);
    if (!invocation) return text;
    try {
      const entries = await wrap(SKILLS_CATALOG_FAILED, "could not read the skill catalog", () =>
        catalog.visibleEntries({ invocation: "user" }),
      );
      if (!entries.some((entry) => entry.name === invocation.name))
        return renderUnavailable(invocation);
      const read: SkillReadResult = await wrap(
        SKILLS_FILE_READ_FAILED,
        `could not read skill "${invocation.name}"`,
        () => catalog.readSkill(invocation.name, { invocation: "user" }),
      );
      if (!read.ok) {
        // A redirected or unreadable file is the operator's to fix: its typed failure goes to the
        // host's reporter. A missing or denied skill is the user's answer.
        if (read.reason === "redirected" || read.reason === "unreadable") {
          throw (
            read.error ?? new ElowenError({ code: SKILLS_FILE_READ_FAILED, summary: read.message })
          );
        }
        if (read.error !== undefined)
          log.warn(`explicit invocation of "${invocation.name}": ${read.message}`);
        return renderUnavailable(invocation);
      }
      return renderInvocation(invocation, read.body);
    } catch (error) {
      if (
        isElowenError(error, SKILLS_CATALOG_FAILED) ||
        isElowenError(error, SKILLS_FILE_READ_FAILED)
      )
        throw error;
      throw new ElowenError({
        code: SKILLS_INPUT_TRANSFORM_FAILED,
        summary: "could not expand /skill:",
        cause: error,
      });
    }
  };
}

async function wrap<T>(code: string, summary: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new ElowenError({ code, summary, cause: error });
  }
}
