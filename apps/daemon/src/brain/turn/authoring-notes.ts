import { AUTHORING_THROTTLE_MS } from "@elowen/plugin-api/limits";
import { parseStreamingJson } from "@mariozechner/pi-ai";
import type { ToolDef } from "../tools/tool-def.js";

/** Where the note of a tool call being written comes from. */
export type AuthoringSource =
  /** A wrapper whose owner reads its partial arguments (code mode's `authoringReason`). */
  | {
      readonly kind: "owner";
      reason(toolName: string, partialArguments: string): string | undefined;
    }
  /** A tool whose own argument states what it does (Bash's `description`). */
  | { readonly kind: "field"; readonly field: string };

interface Draft {
  json: string;
  lastAsked: number;
  lastNote: string | undefined;
}

/**
 * The status notes of tool calls the model is writing (`PluginTool.reasonField`): on
 * each argument delta the call's note is read at most once per {@link AUTHORING_THROTTLE_MS} per
 * streaming call, whether or not anything changed, and reported when it differs from the last
 * one reported. Calls without a source have no note; clients show the tool's label.
 */
export class AuthoringNotes {
  readonly #drafts = new Map<string, Draft>();
  readonly #sourceOf: (toolName: string) => AuthoringSource | undefined;
  readonly #now: () => number;
  readonly #throttleMs: number;

  constructor(
    sourceOf: (toolName: string) => AuthoringSource | undefined,
    now: () => number,
    throttleMs: number = AUTHORING_THROTTLE_MS,
  ) {
    this.#sourceOf = sourceOf;
    this.#now = now;
    this.#throttleMs = throttleMs;
  }

  /** Adds an argument delta of call `callId`; answers a new note to report, if any. */
  delta(callId: string, toolName: string, piece: string): string | undefined {
    let draft = this.#drafts.get(callId);
    if (!draft) {
      draft = { json: "", lastAsked: Number.NEGATIVE_INFINITY, lastNote: undefined };
      this.#drafts.set(callId, draft);
    }
    // A delta that adds no text (OpenAI's opening chunk naming the call) has nothing new to read;
    // asking then would spend the throttle window on an empty draft and hide the first real note.
    if (piece === "") return undefined;
    draft.json += piece;
    const source = this.#sourceOf(toolName);
    if (!source) return undefined;
    const now = this.#now();
    if (now - draft.lastAsked < this.#throttleMs) return undefined;
    draft.lastAsked = now;
    const note = readNote(source, toolName, draft.json);
    if (note === undefined || note === draft.lastNote) return undefined;
    draft.lastNote = note;
    return note;
  }

  /** Forgets a call whose arguments are complete. */
  end(callId: string): void {
    this.#drafts.delete(callId);
  }
}

function readNote(source: AuthoringSource, toolName: string, json: string): string | undefined {
  try {
    if (source.kind === "owner") return source.reason(toolName, json);
    const value = parseStreamingJson<Record<string, unknown>>(json)[source.field];
    return typeof value === "string" && value.trim() !== "" ? value : undefined;
  } catch {
    // An owner's reader that throws gives no note; the call goes on.
    return undefined;
  }
}

/** Where a tool's note comes from: its owner's reader, else its reason field, else nowhere. */
export function authoringSource(tool: ToolDef | undefined): AuthoringSource | undefined {
  if (!tool) return undefined;
  const reader = tool.authoringReason;
  if (reader) return { kind: "owner", reason: (name, partial) => reader(name, partial) };
  return tool.reasonField === undefined ? undefined : { kind: "field", field: tool.reasonField };
}
