import { rm } from "node:fs/promises";
import { join } from "node:path";
import { readJsonStrict, writeJsonAtomic } from "@elowen/plugin-shared/atomicJson";
import { isRecord } from "@elowen/plugin-shared/record";

/** The file beside `SKILL.md` that marks a skill as written by the reviewer, at one revision. */
export const PROVENANCE_FILE = ".provenance.json";

/**
 * Marks a skill as the reviewer's, at the revision it wrote. The mark only holds while the file is
 * still that revision: any later change of the bytes (a route edit, a hand edit on disk) ends it.
 */
export async function markAgentWritten(dir: string, revision: number): Promise<void> {
  await writeJsonAtomic(join(dir, PROVENANCE_FILE), { author: "agent", revision });
}

/** Removes the mark (a human edit or transfer). A missing mark is fine. */
export async function clearAgentMark(dir: string): Promise<void> {
  await rm(join(dir, PROVENANCE_FILE), { force: true });
}

/**
 * True when the skill is still the reviewer's: its mark names exactly `revision`. An unreadable or
 * malformed mark counts as no mark, so a damaged file can only withhold patch scope, never grant it.
 */
export async function isAgentMarked(dir: string, revision: number): Promise<boolean> {
  try {
    const read = await readJsonStrict(join(dir, PROVENANCE_FILE), { maxBytes: 1024 });
    return (
      read.status === "found" &&
      isRecord(read.value) &&
      read.value.author === "agent" &&
      read.value.revision === revision
    );
  } catch {
    return false;
  }
}
