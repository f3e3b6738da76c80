import { join } from "node:path";
import { type ContainedRead, openVerified, readContained } from "../files/contained-read.js";

/**
 * Reads `<dir>/SKILL.md` of a skill directory whose real path is `realDir`: opened directly without
 * following a link (the common case, one path resolution saved), and through the full
 * check-then-open reader when SKILL.md is itself a link, which must then stay inside the
 * directory (and the account's store, for a personal skill).
 */
export function readSkillFile(realDir: string, storeDir: string | undefined): ContainedRead {
  const direct = openVerified(join(realDir, "SKILL.md"));
  if (direct.ok || !isLinkRefusal(direct.cause)) return direct;
  return readContained(join(realDir, "SKILL.md"), { baseDir: realDir, storeDir });
}

function isLinkRefusal(cause: unknown): boolean {
  return (
    typeof cause === "object" && cause !== null && (cause as { code?: unknown }).code === "ELOOP"
  );
}
