/** `@elowen/plugin-api/trace`. Rows for nested work: trace records, code-mode sinks and controls, shared images and files. */

export type {
  CodeModeComposition,
  CodeModeCompositionRequest,
  CodeModeControl,
  CodeModeTraceSink,
  NestedTool,
} from "../trace.js";
export type { ImageRef, SharedFile, SharedImage, ToolTraceRecord } from "../trace-record.js";
export {
  ImageRefSchema,
  SharedFileSchema,
  SharedImageSchema,
  ToolTraceRecordSchema,
} from "../trace-record.js";
