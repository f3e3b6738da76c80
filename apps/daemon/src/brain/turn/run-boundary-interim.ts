import type { RunBoundaryHookPatch } from "@elowen/hook-bus";
import {
  RUN_BOUNDARY_MAX_CONTINUATIONS,
  RUN_BOUNDARY_MAX_ENTRIES,
  RUN_BOUNDARY_MESSAGE_MAX_BYTES,
  RUN_BOUNDARY_RECORD_MAX_BYTES,
  type RunBoundaryEntry,
  type RunOutcome,
} from "@elowen/plugin-api";

/** What the settle of one run keeps: the accepted entries, whether another run is granted, and why things were refused. */
export interface BoundaryDecision {
  readonly entries: readonly RunBoundaryEntry[];
  readonly continue: boolean;
  readonly problems: readonly string[];
}

const bytes = (text: string) => Buffer.byteLength(text, "utf8");

/**
 * The run-boundary policy (seed 000, Run boundary) until @elowen/run-boundary lands: per patch at
 * most RUN_BOUNDARY_MAX_ENTRIES entries, a message note at most RUN_BOUNDARY_MESSAGE_MAX_BYTES, a
 * record at most RUN_BOUNDARY_RECORD_MAX_BYTES of JSON; `continue` needs an accepted message in
 * its patch, counts only when the run completed, and is granted at most
 * RUN_BOUNDARY_MAX_CONTINUATIONS times per run.
 */
export function decideBoundary(
  patches: readonly RunBoundaryHookPatch[],
  run: { readonly outcome: RunOutcome; readonly continuationsUsed: number },
): BoundaryDecision {
  const entries: RunBoundaryEntry[] = [];
  const problems: string[] = [];
  let wants = false;
  for (const { pluginName, patch } of patches) {
    if (patch.entries.length > RUN_BOUNDARY_MAX_ENTRIES)
      problems.push(
        `${pluginName}: a patch carries at most ${RUN_BOUNDARY_MAX_ENTRIES} entries; ${patch.entries.length - RUN_BOUNDARY_MAX_ENTRIES} dropped`,
      );
    let message = false;
    for (const entry of patch.entries.slice(0, RUN_BOUNDARY_MAX_ENTRIES)) {
      if (entry.kind === "message") {
        if (entry.text.trim() === "")
          problems.push(`${pluginName}: an empty message note is dropped`);
        else if (bytes(entry.text) > RUN_BOUNDARY_MESSAGE_MAX_BYTES)
          problems.push(
            `${pluginName}: a message note is at most ${RUN_BOUNDARY_MESSAGE_MAX_BYTES} bytes; ${bytes(entry.text)} dropped`,
          );
        else {
          entries.push(entry);
          message = true;
        }
        continue;
      }
      let json: string | undefined;
      try {
        json = JSON.stringify(entry.data ?? null);
      } catch {
        json = undefined;
      }
      if (json === undefined)
        problems.push(`${pluginName}: record ${entry.type} is not JSON; dropped`);
      else if (bytes(json) > RUN_BOUNDARY_RECORD_MAX_BYTES)
        problems.push(
          `${pluginName}: a record is at most ${RUN_BOUNDARY_RECORD_MAX_BYTES} bytes of JSON; ${entry.type} (${bytes(json)}) dropped`,
        );
      else entries.push(entry);
    }
    if (patch.continue === true) {
      if (message) wants = true;
      else problems.push(`${pluginName}: continue needs an accepted message note; ignored`);
    }
  }
  const allowed =
    run.outcome === "completed" && run.continuationsUsed < RUN_BOUNDARY_MAX_CONTINUATIONS;
  return { entries, continue: wants && allowed, problems };
}
