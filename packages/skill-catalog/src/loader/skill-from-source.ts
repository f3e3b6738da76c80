import type { SkillFrontmatter } from "@elowen/plugin-api/skills";
import { diagnostic, type SkillDiagnostic, type SkillDiagnosticCode } from "../diagnostics.js";
import { ownString } from "../files/own-string.js";
import { type FrontmatterStatus, parseSkillSource } from "../frontmatter/parse-frontmatter.js";
import { countLines, decodeSkillSource } from "../frontmatter/skill-source.js";
import {
  descriptionRemarks,
  isUsableDescription,
  nameRemarks,
  unsafeNameReason,
} from "../rules/agent-skills-rules.js";

/** A skill read from an Agent Skills directory, before it joins a catalog. */
export interface SkillFromFile {
  readonly name: string;
  readonly description: string;
  readonly lineCount: number;
  readonly disableModelInvocation: boolean;
  readonly userInvocable: boolean;
  readonly frontmatter: SkillFrontmatter;
}

const SKIPPING_STATUS: Partial<Record<FrontmatterStatus, SkillDiagnosticCode>> = {
  absent: "frontmatter-missing",
  unterminated: "frontmatter-unterminated",
  invalid: "frontmatter-invalid",
  bounds: "frontmatter-bounds",
};

/**
 * Applies the Agent Skills rules to one `SKILL.md`, leniently as its client guide advises: a name
 * that breaks the rules or differs from its directory, or a description over the limit, loads
 * with a diagnostic; a missing name falls back to the directory's; a file without a usable
 * description (no frontmatter, an unterminated or unparseable one, one past a bound, or none
 * given) is skipped with a diagnostic, as is a name that can never be a key. Pushes every remark
 * to `diagnostics` and returns the skill, or undefined when it is skipped.
 */
export function skillFromSource(
  bytes: Uint8Array,
  path: string,
  directoryName: string,
  diagnostics: SkillDiagnostic[],
): SkillFromFile | undefined {
  const source = decodeSkillSource(bytes);
  if (source.invalidUtf8) {
    diagnostics.push(
      diagnostic(
        "encoding-invalid",
        "loaded",
        path,
        "the file is not valid UTF-8; each invalid byte sequence reads as U+FFFD",
      ),
    );
  }
  const parsed = parseSkillSource(source.text);
  const skipCode = SKIPPING_STATUS[parsed.status];
  if (skipCode !== undefined) {
    const why = parsed.problem ?? "the file has no frontmatter, so it has no description";
    diagnostics.push(diagnostic(skipCode, "skipped", path, `${why}; the skill is skipped`));
    return undefined;
  }
  if (parsed.problem !== undefined)
    diagnostics.push(diagnostic("frontmatter-key-left-out", "loaded", path, parsed.problem));
  const frontmatter = parsed.frontmatter;
  const name = nameOf(frontmatter.name, directoryName, path, diagnostics);
  const unsafe = unsafeNameReason(name);
  if (unsafe !== undefined) {
    diagnostics.push(
      diagnostic(
        "name-unsafe",
        "skipped",
        path,
        `name ${JSON.stringify(name)} ${unsafe}; the skill is skipped`,
      ),
    );
    return undefined;
  }
  const description = frontmatter.description;
  if (!isUsableDescription(description)) {
    const what =
      description === undefined
        ? "has no description"
        : "has a description that is not non-empty text";
    diagnostics.push(
      diagnostic(
        "description-missing",
        "skipped",
        path,
        `frontmatter ${what}; the skill is skipped`,
        name,
      ),
    );
    return undefined;
  }
  for (const remark of [...nameRemarks(name, directoryName), ...descriptionRemarks(description)]) {
    diagnostics.push(diagnostic(remark.code, "loaded", path, remark.message, name));
  }
  return {
    name: ownString(name),
    description: ownString(description),
    lineCount: countLines(source.text),
    disableModelInvocation: frontmatter["disable-model-invocation"] === true,
    userInvocable: frontmatter["user-invocable"] !== false,
    frontmatter,
  };
}

function nameOf(
  value: unknown,
  directoryName: string,
  path: string,
  diagnostics: SkillDiagnostic[],
): string {
  if (typeof value === "string" && value !== "") return value;
  const why =
    value === undefined || value === ""
      ? "frontmatter has no name"
      : "frontmatter name is not text";
  diagnostics.push(
    diagnostic(
      "name-missing",
      "loaded",
      path,
      `${why}; the directory name ${JSON.stringify(directoryName)} is used`,
      directoryName,
    ),
  );
  return directoryName;
}
