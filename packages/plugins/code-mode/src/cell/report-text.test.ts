import { describe, expect, test } from "vitest";
import type { CellReport } from "./cell.js";
import { reportText } from "./report-text.js";

const base: CellReport = {
  cellId: "3",
  state: "completed",
  elapsedMs: 1250,
  calls: 2,
  finished: [],
  running: [],
  console: "",
  images: [],
  imagesOmitted: 0,
};

describe("reportText", () => {
  test("reports a finished cell with its console output and result", () => {
    expect(reportText({ ...base, console: "one\ntwo\n", value: '{"n":1}' })).toBe(
      'Cell 3 finished in 1.2s (2 tool calls).\n\nConsole:\none\ntwo\n\nResult:\n{"n":1}',
    );
  });

  test("reports a failed cell with its error", () => {
    expect(reportText({ ...base, state: "failed", calls: 1, error: "TypeError: x" })).toBe(
      "Cell 3 failed after 1.2s (1 tool call).\n\nError:\nTypeError: x",
    );
  });

  test("reports a running cell with what finished, what runs, and how to return to it", () => {
    expect(
      reportText({
        ...base,
        state: "running",
        calls: 5,
        finished: [
          { name: "Read", ok: true },
          { name: "Read", ok: true },
          { name: "Bash", ok: false },
        ],
        running: ["Sleep", "Sleep"],
      }),
    ).toBe(
      'Cell 3 is still running after 1.2s (5 tool calls so far).\nFinished since the last report: tools.Read ×2, tools.Bash (failed).\nRunning: tools.Sleep ×2.\n\nCall wait({ cellId: "3" }) to keep waiting for this cell.',
    );
  });

  test("names the calls a finished script left running without awaiting them", () => {
    expect(reportText({ ...base, running: ["Sleep"] })).toBe(
      "Cell 3 finished in 1.2s (2 tool calls).\nStill running, not awaited: tools.Sleep.",
    );
  });

  test("counts the images it could not attach", () => {
    expect(reportText({ ...base, imagesOmitted: 2 })).toBe(
      "Cell 3 finished in 1.2s (2 tool calls).\n2 more images of nested results not attached.",
    );
  });
});
