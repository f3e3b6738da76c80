/** One model-invocable skill as the `<available_skills>` block lists it. */
export interface AvailableSkill {
  readonly name: string;
  readonly description: string;
  /**
   * Lines of the skill's file when it was registered or reloaded; null when it could not be read
   * then. Anything but a whole number from 0 (NaN, -1, 2.5, a missing value) is read as unknown.
   */
  readonly lineCount: number | null;
}

/** The id of the system prompt section that carries the `<available_skills>` block. */
export const AVAILABLE_SKILLS_SECTION = "available_skills";

const OPEN =
  "<available_skills>\n" +
  "The skills below hold instructions for particular tasks. When a task matches a skill's " +
  "description, load that skill with the SkillLoad tool, passing its name exactly as listed, " +
  "and follow what it says; do not guess a skill's instructions from its description. " +
  "The length in lines is what SkillLoad will page through.\n";
const CLOSE = "</available_skills>";

/**
 * Renders the per-turn `<available_skills>` block: one line per entry,
 * `- name (N lines): description` (`(1 line)` for one, no length at all when `lineCount` is
 * null or not a whole number from 0), in the order given, and the instruction to load a skill with `SkillLoad` by name. It
 * carries no file paths. Line breaks and tabs inside a name or description are folded into single
 * spaces so that every skill stays on its own line. Returns "" when there are no entries.
 * The caller passes the catalog's model projection: every entry given is listed.
 */
export function renderAvailableSkills(entries: readonly AvailableSkill[]): string {
  if (entries.length === 0) return "";
  let out = OPEN;
  for (const entry of entries) {
    const count = entry.lineCount;
    const length = !isLineCount(count) ? "" : count === 1 ? " (1 line)" : ` (${count} lines)`;
    out += `- ${oneLine(entry.name)}${length}: ${oneLine(entry.description)}\n`;
  }
  return out + CLOSE;
}

function isLineCount(count: unknown): count is number {
  return Number.isSafeInteger(count) && (count as number) >= 0;
}

const BREAKS = /[\r\n\t\u2028\u2029]/;
const BREAK_RUNS = /\s*[\r\n\t\u2028\u2029]\s*/g;

function oneLine(text: string): string {
  return BREAKS.test(text) ? text.replace(BREAK_RUNS, " ").trim() : text;
}
