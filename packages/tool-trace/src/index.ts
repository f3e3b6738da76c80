/**
 * @elowen/tool-trace: rows for work the model did not call. Trace logs and sinks per producer,
 * drain and in-place settlement through a journal adapter, budgets, images, timing, share
 * reservations, and the display projection the CLI and the web share.
 */

export type { ToolTraceErrorCode } from "./errors.js";
export { TOOL_TRACE_ERROR_CODES, ToolTraceError } from "./errors.js";
export { countSuccessfulCalls } from "./finished-calls.js";
export { randomIdMinter } from "./ids.js";
export { externalizeImages } from "./images.js";
export type { InteractiveViewOf, ViewPayload } from "./interactive-view.js";
export { interactiveViewOf, VIEW_ID_MAX_CHARS } from "./interactive-view.js";
export { latestToolImage } from "./latest-image.js";
export {
  TRACE_NOTE_MAX_CHARS,
  TRACE_OUTPUT_MAX_CHARS,
  TRACE_OUTPUT_MIN_CHARS,
  TRACE_ROW_RESERVE_BYTES,
} from "./limits.js";
export type { LiveToolEvent } from "./live-rows.js";
export { LiveToolRows } from "./live-rows.js";
export {
  LONG_TOOLS,
  ROW_REASON_FIELDS,
  toolActivityLabel,
  toolRowReason,
} from "./presentation.js";
export { entryRows, projectToolRows } from "./project-rows.js";
export { OMISSION_MARKER_BYTES } from "./record-fit.js";
export type { AnswerView, ToolCallEntry, ToolRow } from "./rows.js";
export type { SettlementOutcome } from "./settlements.js";
export { replaceTraceRecord, settleInResult, ToolTraceSettlements } from "./settlements.js";
export type {
  ShareRefusalCode,
  ShareReservation,
  ShareReservationResult,
} from "./share-reservation.js";
export { SHARE_REFUSAL_CODES } from "./share-reservation.js";
export type { ShareDelivery, ShareParse, ShareSlot } from "./shares.js";
export { parseShareDetails, ShareAllowance } from "./shares.js";
export { ToolTraceLog } from "./trace-log.js";
export type { ToolTraceLogOptions, TraceUsage } from "./trace-log-options.js";
export type { ToolTraceTurnOptions } from "./turn.js";
export { ToolTraceTurn } from "./turn.js";
export type {
  JournalRewriteOutcome,
  ToolImageStore,
  ToolTraceEvent,
  ToolTraceJournal,
  TraceClock,
  TraceIdMinter,
} from "./types.js";
export { systemClock } from "./types.js";
