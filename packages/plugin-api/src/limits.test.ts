import { expect, test } from "vitest";
import * as journal from "./subpaths/journal.js";
import * as limits from "./subpaths/limits.js";
import * as tools from "./subpaths/tools.js";

// Each cap is read from the subpath a plugin imports it from.
const api = { ...limits, ...journal, ...tools };

test("every cap the specification names is exported under its name and value", () => {
  expect({
    STEP_CONTEXT_MAX_BYTES: api.STEP_CONTEXT_MAX_BYTES,
    RUN_BOUNDARY_MAX_ENTRIES: api.RUN_BOUNDARY_MAX_ENTRIES,
    RUN_BOUNDARY_MAX_CONTINUATIONS: api.RUN_BOUNDARY_MAX_CONTINUATIONS,
    MAX_TRACE_RECORDS: api.MAX_TRACE_RECORDS,
    MAX_TRACE_BYTES: api.MAX_TRACE_BYTES,
    SHARE_CAPTION_CHARS: api.SHARE_CAPTION_CHARS,
    AUTHORING_THROTTLE_MS: api.AUTHORING_THROTTLE_MS,
    MAX_SHARED_IMAGE_BYTES: api.MAX_SHARED_IMAGE_BYTES,
    MAX_SHARED_FILE_BYTES: api.MAX_SHARED_FILE_BYTES,
    OPEN_URL_MAX_CHARS: api.OPEN_URL_MAX_CHARS,
    PLATFORM_PROMPT_MAX_FILES: api.PLATFORM_PROMPT_MAX_FILES,
    PLATFORM_PROMPT_MAX_FILE_CHARS: api.PLATFORM_PROMPT_MAX_FILE_CHARS,
    PLATFORM_PROMPT_MAX_TOTAL_CHARS: api.PLATFORM_PROMPT_MAX_TOTAL_CHARS,
    SHARED_ATTACHMENT_ENTRY: api.SHARED_ATTACHMENT_ENTRY,
    TURN_CONTEXT_ENTRY: api.TURN_CONTEXT_ENTRY,
    CONTEXT_CLEARED_ENTRY: api.CONTEXT_CLEARED_ENTRY,
  }).toEqual({
    STEP_CONTEXT_MAX_BYTES: 1024,
    RUN_BOUNDARY_MAX_ENTRIES: 4,
    RUN_BOUNDARY_MAX_CONTINUATIONS: 1,
    MAX_TRACE_RECORDS: 100,
    MAX_TRACE_BYTES: 131072,
    SHARE_CAPTION_CHARS: 200,
    AUTHORING_THROTTLE_MS: 250,
    MAX_SHARED_IMAGE_BYTES: 10485760,
    MAX_SHARED_FILE_BYTES: 26214400,
    OPEN_URL_MAX_CHARS: 4096,
    PLATFORM_PROMPT_MAX_FILES: 16,
    PLATFORM_PROMPT_MAX_FILE_CHARS: 8000,
    PLATFORM_PROMPT_MAX_TOTAL_CHARS: 32000,
    SHARED_ATTACHMENT_ENTRY: "elowen.shared-attachment",
    TURN_CONTEXT_ENTRY: "elowen.turn-context",
    CONTEXT_CLEARED_ENTRY: "elowen.context-cleared",
  });
});

test("the command name pattern is the specification's", () => {
  expect(api.COMMAND_NAME_PATTERN.source).toBe("^[a-z0-9][a-z0-9-]{0,31}$");
});

test("textResult and errorResult build the tool result shape", () => {
  expect(api.textResult("done", { questionAnswer: { questions: [] } })).toEqual({
    content: [{ type: "text", text: "done" }],
    details: { questionAnswer: { questions: [] } },
  });
  expect(api.errorResult("refused")).toEqual({
    content: [{ type: "text", text: "refused" }],
    isError: true,
  });
});
