import {
  SKILL_DESCRIPTION_MAX_CHARS,
  SKILL_NAME_MAX_CHARS,
  SKILL_NAME_PATTERN,
} from "@elowen/plugin-api/limits";
import type { SkillDiagnosticCode } from "../diagnostics.js";

/** A broken Agent Skills rule that still lets the skill load. */
export interface RuleRemark {
  readonly code: SkillDiagnosticCode;
  readonly message: string;
}

// C0 and C1 controls and DEL: a NUL or a line break in a name would end lines of the model block.
const CONTROL = /\p{Cc}/u;
const WHITESPACE = /\s/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Why a name can never be a catalog key, or undefined when it can. These are hard refusals, not
 * lenient remarks: an empty name, `.` or `..`, a path separator, whitespace (it would end a
 * `/skill:name` invocation early), a control character (NUL, line breaks) or a lone surrogate.
 */
export function unsafeNameReason(name: string): string | undefined {
  if (name.length === 0) return "is empty";
  if (name === "." || name === "..") return "is a path segment";
  if (name.includes("/") || name.includes("\\")) return "contains a path separator";
  if (CONTROL.test(name)) return "contains a control character";
  if (WHITESPACE.test(name)) return "contains whitespace, which would end a /skill:name invocation";
  if (LONE_SURROGATE.test(name)) return "contains a lone UTF-16 surrogate";
  return undefined;
}

/**
 * The Agent Skills name rules a skill may break and still load (its client guide advises
 * leniency): at most SKILL_NAME_MAX_CHARS characters; lowercase letters, digits and single dashes,
 * not at either end; equal to its directory's name when `directoryName` is given.
 */
export function nameRemarks(name: string, directoryName?: string): RuleRemark[] {
  const remarks: RuleRemark[] = [];
  if (name.length > SKILL_NAME_MAX_CHARS) {
    remarks.push({
      code: "name-too-long",
      message: `name is ${name.length} characters; the Agent Skills limit is ${SKILL_NAME_MAX_CHARS}`,
    });
  }
  if (!SKILL_NAME_PATTERN.test(name)) {
    remarks.push({
      code: "name-invalid",
      message: `name ${JSON.stringify(name)} breaks the Agent Skills rule: lowercase letters, digits and single dashes, not starting or ending with a dash (${patternBreak(name)})`,
    });
  }
  if (directoryName !== undefined && name !== directoryName) {
    remarks.push({
      code: "name-mismatch",
      message: `name ${JSON.stringify(name)} differs from its directory ${JSON.stringify(directoryName)}; the Agent Skills rule is that they are equal`,
    });
  }
  return remarks;
}

function patternBreak(name: string): string {
  if (/[A-Z]/.test(name)) return "it has an uppercase letter";
  if (name.startsWith("-") || name.endsWith("-")) return "it starts or ends with a dash";
  if (name.includes("--")) return "it has consecutive dashes";
  return "it has a character other than a-z, 0-9 and -";
}

/** The Agent Skills description length rule (at most SKILL_DESCRIPTION_MAX_CHARS characters). */
export function descriptionRemarks(description: string): RuleRemark[] {
  if (description.length <= SKILL_DESCRIPTION_MAX_CHARS) return [];
  return [
    {
      code: "description-too-long",
      message: `description is ${description.length} characters; the Agent Skills limit is ${SKILL_DESCRIPTION_MAX_CHARS}`,
    },
  ];
}

/** True for a description the catalog can list: a string with something other than whitespace. */
export function isUsableDescription(description: unknown): description is string {
  return typeof description === "string" && description.trim().length > 0;
}
