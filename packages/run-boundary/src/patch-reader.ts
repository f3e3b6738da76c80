import {
  RUN_BOUNDARY_MAX_ENTRIES,
  RUN_BOUNDARY_MESSAGE_MAX_BYTES,
  RUN_BOUNDARY_RECORD_MAX_BYTES,
} from "@elowen/plugin-api/limits";
import { type RunBoundaryEntry, RunBoundaryEntrySchema } from "@elowen/plugin-api/run-boundary";
import { isRecord } from "@elowen/plugin-shared/record";
import { jsonProblem, utf8Bytes } from "./entry-size.js";
import type { RunBoundaryProblem, RunBoundaryProblemCode } from "./problems.js";

/** What one plugin's patch contributes once its caps are applied. */
export interface ReadPatch {
  readonly entries: readonly RunBoundaryEntry[];
  /** At least one message entry was accepted (what a continuation needs). */
  readonly hasMessage: boolean;
  readonly continueRequested: boolean;
}

const PATCH_KEYS = new Set(["entries", "continue"]);

/**
 * Applies the run-boundary caps to one plugin's `boundary` patch. Entries past the fourth are
 * refused; a message over 1024 bytes of UTF-8, or blank, is refused; a record whose JSON (`{ kind,
 * type, data }`) is over 4096 bytes of UTF-8, or whose data is not plain JSON, is refused. Over-cap
 * entries are refused whole, never cut. Accepted records are copied (a JSON round trip) so later
 * changes by the plugin do not reach the journal. Problems are appended to `problems`.
 */
export function readPatch(
  pluginName: string,
  patch: unknown,
  problems: RunBoundaryProblem[],
): ReadPatch {
  const problem = (code: RunBoundaryProblemCode, message: string, entryIndex?: number) =>
    problems.push({
      code,
      pluginName,
      message,
      ...(entryIndex === undefined ? {} : { entryIndex }),
    });
  const nothing: ReadPatch = { entries: [], hasMessage: false, continueRequested: false };
  if (!isRecord(patch) || !Array.isArray(patch.entries)) {
    problem(
      "boundary.malformed_patch",
      "a boundary patch is { entries: [...], continue?: boolean }",
    );
    return nothing;
  }
  const extra = Object.keys(patch).find((key) => !PATCH_KEYS.has(key));
  if (
    extra !== undefined ||
    (patch.continue !== undefined && typeof patch.continue !== "boolean")
  ) {
    problem(
      "boundary.malformed_patch",
      extra !== undefined
        ? `a boundary patch has only entries and continue; "${extra}" is not one of them`
        : "continue is a boolean",
    );
    return nothing;
  }
  const entries: RunBoundaryEntry[] = [];
  let hasMessage = false;
  patch.entries.forEach((raw: unknown, index: number) => {
    const read = readEntry(raw, index);
    if ("code" in read) problem(read.code, read.message, index);
    else {
      if (read.kind === "message") hasMessage = true;
      entries.push(read);
    }
  });
  return { entries, hasMessage, continueRequested: patch.continue === true };
}

type Refused = { readonly code: RunBoundaryProblemCode; readonly message: string };

function refused(code: RunBoundaryProblemCode, message: string): Refused {
  return { code, message };
}

/** One entry at `index` of a patch, accepted (a copy) or refused with the rule it broke. */
function readEntry(raw: unknown, index: number): RunBoundaryEntry | Refused {
  if (index >= RUN_BOUNDARY_MAX_ENTRIES)
    return refused(
      "boundary.too_many_entries",
      `a patch carries at most ${RUN_BOUNDARY_MAX_ENTRIES} entries (RUN_BOUNDARY_MAX_ENTRIES); entry ${index} is refused`,
    );
  const parsed = RunBoundaryEntrySchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
    return refused(
      "boundary.malformed_entry",
      `an entry is { kind: 'message', text } or { kind: 'record', type, data } (${where}${issue?.message ?? "invalid"})`,
    );
  }
  const entry = parsed.data;
  if (entry.kind === "message") {
    if (entry.text.trim() === "")
      return refused("boundary.message_empty", "a message note has text");
    const bytes = utf8Bytes(entry.text);
    if (bytes > RUN_BOUNDARY_MESSAGE_MAX_BYTES)
      return refused(
        "boundary.message_too_large",
        `a message note is at most ${RUN_BOUNDARY_MESSAGE_MAX_BYTES} bytes of UTF-8 (RUN_BOUNDARY_MESSAGE_MAX_BYTES); this one is ${bytes}, so it is refused, not cut`,
      );
    return { kind: "message", text: entry.text };
  }
  const notJson = jsonProblem(entry.data);
  if (notJson !== undefined)
    return refused("boundary.record_not_json", `a record's data is plain JSON: ${notJson}`);
  const json = JSON.stringify({ kind: "record", type: entry.type, data: entry.data });
  const bytes = utf8Bytes(json);
  if (bytes > RUN_BOUNDARY_RECORD_MAX_BYTES)
    return refused(
      "boundary.record_too_large",
      `a record is at most ${RUN_BOUNDARY_RECORD_MAX_BYTES} bytes of UTF-8 JSON (RUN_BOUNDARY_RECORD_MAX_BYTES); this one is ${bytes}, so it is refused, not cut`,
    );
  return JSON.parse(json) as RunBoundaryEntry;
}
