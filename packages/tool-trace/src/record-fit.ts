import type { QuestionAnswerRecord } from "@elowen/plugin-api/questions";
import type { ImageRef, ToolTraceRecord } from "@elowen/plugin-api/trace";
import { jsonBytes, utf8Length } from "./json-size.js";
import { TRACE_OUTPUT_MIN_CHARS } from "./limits.js";
import type { ShareDelivery } from "./shares.js";

/** Everything a record could hold; the fitting decides which display parts it keeps. */
export interface RecordParts {
  readonly id: string;
  readonly producerId: string;
  readonly kind: "call" | "note";
  readonly name?: string;
  readonly text?: string;
  // Display parts, dropped in this order when the budget is short.
  readonly args?: unknown;
  readonly output?: string;
  readonly images?: readonly ImageRef[];
  readonly imageOrder?: number;
  readonly imageTimestamp?: number;
  readonly startedAt?: number;
  readonly durationMs?: number;
  // Mandatory parts.
  readonly pending?: true;
  readonly isError?: boolean;
  readonly questionAnswer?: QuestionAnswerRecord;
  readonly delivery?: ShareDelivery;
  /** Display bytes already cut before fitting (an output longer than its cap). */
  readonly omittedBytes?: number;
}

interface Keep {
  readonly args: boolean;
  readonly output: boolean;
  readonly images: boolean;
  readonly timing: boolean;
}

const LEVELS: readonly Keep[] = [
  { args: true, output: true, images: true, timing: true },
  { args: false, output: true, images: true, timing: true },
  { args: false, output: false, images: true, timing: true },
  { args: false, output: false, images: false, timing: true },
  { args: false, output: false, images: false, timing: false },
];

/** A record as fitted: what it holds, what it costs, whether its images survived. */
export interface FittedRecord {
  readonly record: ToolTraceRecord;
  readonly bytes: number;
  readonly keptImages: boolean;
}

// Key order is fixed so that a record costs the same bytes however it was built.
function assemble(parts: RecordParts, keep: Keep, output: string | undefined, omitted: number) {
  const r: Record<string, unknown> = {
    id: parts.id,
    producerId: parts.producerId,
    kind: parts.kind,
  };
  if (parts.name !== undefined) r.name = parts.name;
  if (parts.text !== undefined) r.text = parts.text;
  if (keep.args && parts.args !== undefined) r.args = parts.args;
  if (parts.pending) r.pending = true;
  if (parts.isError !== undefined) r.isError = parts.isError;
  if (keep.output && output !== undefined) r.output = output;
  if (keep.timing && parts.startedAt !== undefined) r.startedAt = parts.startedAt;
  if (keep.timing && parts.durationMs !== undefined) r.durationMs = parts.durationMs;
  if (parts.questionAnswer !== undefined) r.questionAnswer = parts.questionAnswer;
  if (keep.images && parts.images !== undefined && parts.images.length > 0) {
    r.images = parts.images;
    if (parts.imageOrder !== undefined) r.imageOrder = parts.imageOrder;
    if (parts.imageTimestamp !== undefined) r.imageTimestamp = parts.imageTimestamp;
  }
  if (parts.delivery !== undefined) Object.assign(r, parts.delivery);
  if (omitted > 0) r.truncated = { records: 0, bytes: omitted };
  return r as ToolTraceRecord;
}

function tail(text: string, room: number): string | undefined {
  if (jsonBytes(text) <= room) return text;
  // Keep the end (where results and errors are), marked with an ellipsis; JSON escaping makes the
  // byte cost only roughly proportional to length, so shrink until it fits.
  let keep = Math.min(text.length, Math.max(0, room - 8));
  while (keep >= TRACE_OUTPUT_MIN_CHARS) {
    const candidate = `…${text.slice(text.length - keep)}`;
    const cost = jsonBytes(candidate);
    if (cost <= room) return candidate;
    keep = Math.floor(keep * (room / cost)) - 1;
  }
  return undefined;
}

/**
 * Fits a record into `allowance` bytes: whole if it fits; else with its output cut to a tail, then
 * without arguments, output, images and timing in turn, each omission stated in the record's
 * `truncated.bytes`. The last level holds only the mandatory parts (ids, name, text, pending,
 * error flag, answer record, share delivery), with the omission marker only if it fits, and is
 * returned even when it exceeds the allowance:
 * the caller decides whether a mandatory part may overrun the budget.
 */
export function fitRecord(parts: RecordParts, allowance: number): FittedRecord {
  const pre = parts.omittedBytes ?? 0;
  const full = assemble(parts, LEVELS[0] as Keep, parts.output, pre);
  const fullBytes = jsonBytes(full);
  if (fullBytes <= allowance)
    return { record: full, bytes: fullBytes, keptImages: "images" in full };
  const marker = (bytes: number) => pre + Math.max(1, fullBytes - bytes);
  for (const keep of LEVELS) {
    let output: string | undefined;
    if (keep.output && parts.output !== undefined) {
      const without = jsonBytes(assemble(parts, keep, "", marker(0)));
      output = tail(parts.output, allowance - without);
      if (output === undefined) continue;
    }
    const sized = assemble(parts, keep, output, marker(0));
    const sizedBytes = jsonBytes(sized);
    if (sizedBytes > allowance) continue;
    const record = assemble(parts, keep, output, marker(sizedBytes));
    return { record, bytes: jsonBytes(record), keptImages: "images" in record };
  }
  // Not even the omission marker fits: the mandatory parts alone.
  const record = assemble(parts, LEVELS[LEVELS.length - 1] as Keep, undefined, 0);
  return { record, bytes: jsonBytes(record), keptImages: false };
}

/**
 * The most a record's omission marker (`"truncated":{"records":0,"bytes":N}`) can add. A call row
 * is admitted with this much headroom so that, however short the budget runs later, it can still
 * say what it left out.
 */
export const OMISSION_MARKER_BYTES =
  jsonBytes({ truncated: { records: 0, bytes: Number.MAX_SAFE_INTEGER } }) - 1;

/** The bytes of a record's minimal form: what admission must find room for. */
export function minimalBytes(parts: RecordParts): number {
  return jsonBytes(assemble(parts, LEVELS[LEVELS.length - 1] as Keep, undefined, 0));
}

/** Bytes of display text a string cut to its last `max` characters loses. */
export function capTail(text: string, max: number): { text: string; omitted: number } {
  if (text.length <= max) return { text, omitted: 0 };
  const kept = text.slice(text.length - max);
  return { text: `…${kept}`, omitted: utf8Length(text) - utf8Length(kept) };
}
