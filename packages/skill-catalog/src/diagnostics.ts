/**
 * Why a skill file was loaded with a remark or skipped, as data a client can show (never a log
 * line). Codes are stable; messages are prose for a person.
 */
export const SKILL_DIAGNOSTIC_CODES = [
  "name-invalid",
  "name-too-long",
  "name-mismatch",
  "name-missing",
  "name-unsafe",
  "name-collision",
  "description-too-long",
  "description-missing",
  "frontmatter-missing",
  "frontmatter-unterminated",
  "frontmatter-invalid",
  "frontmatter-bounds",
  "frontmatter-key-left-out",
  "encoding-invalid",
  "file-missing",
  "file-redirected",
  "file-unreadable",
  "source-withheld",
  "scan-cut",
] as const;

/** One of {@link SKILL_DIAGNOSTIC_CODES}. */
export type SkillDiagnosticCode = (typeof SKILL_DIAGNOSTIC_CODES)[number];

/**
 * One remark about one skill file. `outcome` says what happened to the skill: `loaded` (it is in
 * the catalog, the remark is advice), `skipped` (it is not), or `unmeasured` (it is listed without
 * a line count because its file could not be read when it was registered).
 */
export interface SkillDiagnostic {
  readonly code: SkillDiagnosticCode;
  readonly outcome: "loaded" | "skipped" | "unmeasured";
  /** The `SKILL.md` (or skill directory) the remark is about. */
  readonly path: string;
  /** The skill's name when one is known. */
  readonly name?: string;
  /** The label of the directory source the file was found in, when the source has one. */
  readonly source?: string;
  readonly message: string;
}

/** Builds a diagnostic, leaving `name` and `source` out when they are not known. */
export function diagnostic(
  code: SkillDiagnosticCode,
  outcome: SkillDiagnostic["outcome"],
  path: string,
  message: string,
  name?: string,
  source?: string,
): SkillDiagnostic {
  const named = name === undefined ? { code, outcome, path } : { code, outcome, path, name };
  return source === undefined ? { ...named, message } : { ...named, source, message };
}
