import type { QuestionAnswerRecord } from "@elowen/plugin-api/questions";
import type { ToolResult } from "@elowen/plugin-api/tools";
import type { ImageRef } from "@elowen/plugin-api/trace";
import { jsonCopy } from "./json-size.js";
import { TRACE_OUTPUT_MAX_CHARS } from "./limits.js";
import { capTail, type RecordParts } from "./record-fit.js";
import { outputOf } from "./row.js";
import type { ShareDelivery } from "./shares.js";

/** How a call ended, as the log measured it. */
export interface SettleInput {
  readonly result: ToolResult;
  /** Wall-clock completion time: the images' timestamp. */
  readonly completedAt: number;
  /** Monotonic duration since the row opened. */
  readonly durationMs: number;
  /** References the store kept for the result's images. */
  readonly images: readonly ImageRef[];
}

/** The parts of a row that just opened: running, stamped with its start once. */
export function openedParts(
  id: string,
  producerId: string,
  name: string,
  args: unknown,
  startedAt: number,
): RecordParts {
  const copy = jsonCopy(args);
  return {
    id,
    producerId,
    kind: "call",
    name,
    ...(copy === undefined ? {} : { args: copy }),
    pending: true,
    startedAt,
  };
}

/**
 * The parts of a settled row: the opened parts without `pending` and the running tail, plus the
 * output (its tail, or the reason a claimed delivery failed), the final duration, the answer
 * record, the images with the order they would take, and the delivery.
 */
export function settledParts(
  opened: RecordParts,
  input: SettleInput,
  extra: {
    readonly questionAnswer?: QuestionAnswerRecord;
    readonly delivery?: ShareDelivery;
    readonly error?: string;
    readonly imageOrder: number;
  },
): RecordParts {
  const { pending: _pending, output: _tail, omittedBytes: _omitted, ...rest } = opened;
  const { result, images } = input;
  const output = capTail(extra.error ?? outputOf(result), TRACE_OUTPUT_MAX_CHARS);
  return {
    ...rest,
    ...(result.isError || extra.error !== undefined ? { isError: true } : {}),
    ...(output.text === "" ? {} : { output: output.text, omittedBytes: output.omitted }),
    durationMs: input.durationMs,
    ...(extra.questionAnswer === undefined ? {} : { questionAnswer: extra.questionAnswer }),
    ...(images.length > 0
      ? { images, imageOrder: extra.imageOrder, imageTimestamp: input.completedAt }
      : {}),
    ...(extra.delivery === undefined ? {} : { delivery: extra.delivery }),
  };
}
