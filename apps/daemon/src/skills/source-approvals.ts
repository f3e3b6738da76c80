import { readFileSync } from "node:fs";
import { join } from "node:path";
import { writeTextAtomic } from "@elowen/plugin-shared/atomicText";
import type { SkillSourceApprovals } from "@elowen/skill-catalog";
import { z } from "zod";

/** The file under the data directory that records the owner's approvals of workspace folders. */
export const SKILL_SOURCE_APPROVALS_FILE = "skill-source-approvals.json";

const ApprovalsFile = z.strictObject({
  approved: z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/)),
});

/**
 * The owner's approvals, kept in `<home>/skill-source-approvals.json` (root → fingerprint) and
 * rewritten atomically on each approval. A missing or unreadable file approves nothing.
 */
export function fileSourceApprovals(home: string): SkillSourceApprovals {
  const file = join(home, SKILL_SOURCE_APPROVALS_FILE);
  const approved = new Map<string, string>(Object.entries(readApprovals(file)));
  return {
    approved: (root) => approved.get(root),
    async approve(root, fingerprint) {
      approved.set(root, fingerprint);
      const text = `${JSON.stringify({ approved: Object.fromEntries(approved) }, null, 2)}\n`;
      await writeTextAtomic(file, text);
    },
  };
}

function readApprovals(file: string): Record<string, string> {
  try {
    const parsed = ApprovalsFile.safeParse(JSON.parse(readFileSync(file, "utf8")));
    return parsed.success ? parsed.data.approved : {};
  } catch {
    return {};
  }
}
