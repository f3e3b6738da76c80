import { textResult } from "@elowen/plugin-api/tools";
import { describe, expect, test } from "vitest";
import { interactiveViewOf, VIEW_ID_MAX_CHARS } from "./interactive-view.js";
import { projectToolRows } from "./project-rows.js";

const answered = {
  questions: [{ question: "Pick?", header: "Pick", selected: ["A"], outcome: "answered" as const }],
};

describe("interactiveViewOf", () => {
  test.each([
    ["no details", undefined],
    ["details without a view", { exitCode: 0 }],
    ["an explicitly undefined view", { view: undefined, viewId: undefined }],
  ])("%s keep an ordinary row", (_, details) => {
    expect(interactiveViewOf(details)).toEqual({ status: "absent" });
  });

  test(`accepts a view beside an id of ${VIEW_ID_MAX_CHARS} characters and refuses one more`, () => {
    const viewId = "v".repeat(VIEW_ID_MAX_CHARS);
    expect(interactiveViewOf({ view: { kind: "form" }, viewId })).toEqual({
      status: "valid",
      view: { kind: "form" },
      viewId,
    });
    expect(interactiveViewOf({ view: { kind: "form" }, viewId: `${viewId}v` })).toEqual({
      status: "invalid",
      reason: `viewId: expected a string of 1 to ${VIEW_ID_MAX_CHARS} characters beside its view`,
    });
  });

  test.each([
    ["a view without its id", { view: { kind: "form" } }, "viewId: "],
    ["an id without its view", { viewId: "v1" }, "view: expected an object"],
    ["a view that is a list", { view: [1, 2], viewId: "v1" }, "view: expected an object"],
    ["a view that is text", { view: "<form>", viewId: "v1" }, "view: expected an object"],
    ["an empty id", { view: {}, viewId: "" }, "viewId: "],
    ["an id that is a number", { view: {}, viewId: 7 }, "viewId: "],
  ])("refuses %s, naming the field", (_, details, reason) => {
    const found = interactiveViewOf(details);
    expect(found.status).toBe("invalid");
    expect(found.status === "invalid" && found.reason).toContain(reason);
  });

  test("a malformed view is not drawn, and the approval stays beside the row with the reason", () => {
    const result = textResult("clicked", { view: [1], viewId: "v1", questionAnswer: answered });
    const [row] = projectToolRows([{ callId: "c1", name: "ShowView", result }]);
    expect(row).not.toHaveProperty("view");
    expect(row).not.toHaveProperty("viewId");
    expect(row).toMatchObject({
      id: "c1",
      status: "done",
      output: "clicked",
      answer: { status: "valid", record: answered },
      viewProblem: "view: expected an object beside its viewId",
    });
  });

  test("a stored trace record goes through the same boundary as a direct result", () => {
    const record = {
      id: "r1",
      producerId: "cell-1",
      kind: "call",
      name: "ShowView",
      view: { kind: "table" },
      questionAnswer: answered,
    };
    const [nested] = projectToolRows([
      {
        callId: "e1",
        name: "exec",
        result: textResult("done", { toolTrace: [record as never], ownRow: false }),
      },
    ]);
    expect(nested).toMatchObject({
      id: "r1",
      source: "nested",
      answer: { status: "valid" },
      viewProblem: expect.stringContaining("viewId: "),
    });
    expect(nested).not.toHaveProperty("view");
  });
});
