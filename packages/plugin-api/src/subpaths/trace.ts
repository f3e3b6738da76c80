/** `@elowen/plugin-api/trace`. Rows for nested work: trace records, code-mode sinks and controls, shared images and files. */

export type {
  CodeModeComposition,
  CodeModeCompositionRequest,
  CodeModeControl,
  CodeModeTraceSink,
  ImageRef,
  NestedTool,
  SharedFile,
  SharedImage,
  ToolTraceRecord,
} from "../trace.js";
export {
  ImageRefSchema,
  SharedFileSchema,
  SharedImageSchema,
  ToolTraceRecordSchema,
} from "../trace.js";
