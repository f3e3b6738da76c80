import type { QuestionAnswerRecord } from "@elowen/plugin-api/questions";
import type { ToolResult } from "@elowen/plugin-api/tools";
import {
  type ImageRef,
  ImageRefSchema,
  type SharedFile,
  type SharedImage,
  type ToolTraceRecord,
  ToolTraceRecordSchema,
} from "@elowen/plugin-api/trace";
import { questionAnswerOf } from "@elowen/question-answer";
import { interactiveViewOf, type ViewPayload } from "./interactive-view.js";

/** A tool call as the transcript holds it: a direct (model-issued) call and its result, if any. */
export interface ToolCallEntry {
  /** The provider's tool call id. */
  readonly callId: string;
  readonly name: string;
  readonly args?: unknown;
  /** Absent while the call runs. */
  readonly result?: ToolResult;
  readonly startedAt?: number;
  /** PI's native duration of the direct call. */
  readonly durationMs?: number;
}

/** An answer record beside a row's output: valid (expandable) or malformed (with the reason). */
export type AnswerView =
  | { readonly status: "valid"; readonly record: QuestionAnswerRecord }
  | { readonly status: "invalid"; readonly reason: string };

/**
 * One drawn row, the same for the CLI and the web, live and after a reload. `id` is the host's
 * (the provider call id of a direct row, the minted record id of a nested one), never recomputed,
 * except `kind: 'invalid'` rows of stored records too broken to carry one. Optional fields are
 * absent when there is nothing to show: no duration without timing, not zero.
 */
export interface ToolRow {
  readonly id: string;
  readonly kind: "call" | "note" | "invalid";
  readonly source: "direct" | "nested";
  /** Nested rows: the reporting call whose result holds the record (absent while live-only). */
  readonly reportedBy?: string;
  readonly producerId?: string;
  /** Nesting within a trace: 0 for a top-level row. */
  readonly depth: number;
  readonly name?: string;
  readonly status: "running" | "done" | "error";
  readonly args?: unknown;
  readonly output?: string;
  readonly text?: string;
  readonly startedAt?: number;
  readonly durationMs?: number;
  readonly images: readonly ImageRef[];
  readonly answer?: AnswerView;
  readonly sharedImage?: SharedImage;
  readonly sharedFile?: SharedFile;
  readonly truncated?: { readonly records: number; readonly bytes: number };
  /** A ShowView payload that passed `interactiveViewOf`, beside its answer record. */
  readonly view?: ViewPayload;
  readonly viewId?: string;
  /** Why a view on the result or record was not drawn (`interactiveViewOf` refused it). */
  readonly viewProblem?: string;
  /** Why a stored record could not be read (`kind: 'invalid'`). */
  readonly problem?: string;
}

function answerView(details: unknown): AnswerView | undefined {
  const found = questionAnswerOf(details);
  if (found.status === "absent") return undefined;
  return found.status === "valid" ? found : { status: "invalid", reason: found.reason };
}

function textOf(result: ToolResult): string {
  return result.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("\n");
}

function defined<T extends object>(row: T): T {
  for (const key of Object.keys(row) as (keyof T)[]) if (row[key] === undefined) delete row[key];
  return row;
}

function directImages(details: unknown): ImageRef[] {
  const images = (details as { images?: unknown } | undefined)?.images;
  if (!Array.isArray(images)) return [];
  return images.flatMap((image) => {
    const parsed = ImageRefSchema.safeParse(image);
    return parsed.success ? [parsed.data] : [];
  });
}

// The view beside a row, through the common validated boundary: a valid view and its id, or the
// reason a malformed one was not drawn.
function viewParts(details: unknown): Pick<ToolRow, "view" | "viewId" | "viewProblem"> {
  const found = interactiveViewOf(details);
  if (found.status === "valid") return { view: found.view, viewId: found.viewId };
  return found.status === "invalid" ? { viewProblem: found.reason } : {};
}

/** The row a direct call draws of its own (a ShowView result keeps its view beside its answers). */
export function directRow(entry: ToolCallEntry): ToolRow {
  const { result } = entry;
  const output = result === undefined ? "" : textOf(result);
  return defined({
    id: entry.callId,
    kind: "call",
    source: "direct",
    depth: 0,
    name: entry.name,
    status: result === undefined ? "running" : result.isError ? "error" : "done",
    args: entry.args,
    output: output === "" ? undefined : output,
    startedAt: entry.startedAt,
    durationMs: entry.durationMs,
    images: directImages(result?.details),
    answer: answerView(result?.details),
    ...viewParts(result?.details),
  } as ToolRow);
}

/** The row a validated trace record draws, reported by `reportedBy` (if known yet). */
export function nestedRow(
  record: ToolTraceRecord,
  reportedBy: string | undefined,
  depth: number,
): ToolRow {
  return defined({
    id: record.id,
    kind: record.kind,
    source: "nested",
    reportedBy,
    producerId: record.producerId,
    depth,
    name: record.name,
    status:
      record.kind === "note"
        ? "done"
        : record.pending
          ? "running"
          : record.isError
            ? "error"
            : "done",
    args: record.args,
    output: record.output,
    text: record.text,
    startedAt: record.startedAt,
    durationMs: record.pending ? undefined : record.durationMs,
    images: record.images ?? [],
    answer: answerView(record),
    sharedImage: record.sharedImage,
    sharedFile: record.sharedFile,
    truncated: record.truncated,
    ...viewParts(record),
  } as ToolRow);
}

/**
 * Reads a stored trace: each entry validated (an answer record separately, through
 * `questionAnswerOf`, so a malformed one fails alone, with its reason, beside an intact row).
 * Entries too broken to read become `invalid` rows with the parse reason.
 */
export function readTrace(
  toolTrace: unknown,
): (ToolTraceRecord | { invalid: string; id: string })[] {
  if (!Array.isArray(toolTrace)) return [];
  return toolTrace.map((entry, i) => {
    const raw =
      typeof entry === "object" && entry !== null ? (entry as Record<string, unknown>) : {};
    const { questionAnswer, ...rest } = raw;
    const parsed = ToolTraceRecordSchema.safeParse(rest);
    const id = typeof raw.id === "string" ? raw.id : `invalid-trace-entry-${i}`;
    if (!parsed.success)
      return {
        id,
        invalid: parsed.error.issues
          .map((issue) => `${issue.path.join(".")}: ${issue.message}`)
          .join("; "),
      };
    return questionAnswer === undefined
      ? parsed.data
      : ({ ...parsed.data, questionAnswer } as ToolTraceRecord);
  });
}
