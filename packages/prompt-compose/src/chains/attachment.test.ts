import type { PromptAttachmentInput } from "@elowen/plugin-api/events";
import { describe, expect, test } from "vitest";
import { brokenDispatcher, hookBus } from "../../test/test-chains.js";
import { PromptComposeError } from "../prompt-compose-error.js";
import { renderAttachment } from "./attachment.js";

const PLAN: PromptAttachmentInput = {
  type: "plan_mode",
  text: "Plan mode is on.",
  origin: { kind: "engine" },
  detail: { reminder: "sparse", planFilePath: "/p/plan.md", hasPlan: true },
};

describe("renderAttachment", () => {
  test("wraps the engine's text in a system reminder", async () => {
    expect(await renderAttachment({ dispatcher: hookBus(), input: PLAN })).toEqual({
      text: "<system-reminder>\nPlan mode is on.\n</system-reminder>",
      problems: [],
    });
  });

  test("a hook reads and rewrites the bare text; the wrapper goes around its answer", async () => {
    const bus = hookBus();
    let seen = "";
    bus.on("acme", "prompt.attachment", (_$, e, next) => {
      seen = e.text;
      return e.type === "plan_mode" && e.detail?.reminder === "sparse"
        ? next({ ...e, text: "Still planning." })
        : next();
    });
    const result = await renderAttachment({ dispatcher: bus, input: PLAN });
    expect(seen).toBe("Plan mode is on.");
    expect(result.text).toBe("<system-reminder>\nStill planning.\n</system-reminder>");
  });

  test("a null answer leaves the attachment out", async () => {
    const bus = hookBus();
    bus.on("acme", "prompt.attachment", () => ({ text: null }));
    expect((await renderAttachment({ dispatcher: bus, input: PLAN })).text).toBeNull();
  });

  test("gives the bare text for a provider whose system channel replaces the wrapper", async () => {
    expect((await renderAttachment({ dispatcher: hookBus(), input: PLAN, wrap: false })).text).toBe(
      "Plan mode is on.",
    );
  });

  test("a chain engine answering a non-string is reported and the engine's text is used", async () => {
    const dispatcher = brokenDispatcher({ answer: { text: 3 } }, ["prompt.attachment"]);
    const input = { type: "todo_reminder", text: "T", origin: { kind: "engine" as const } };
    const result = await renderAttachment({ dispatcher, input });
    expect(result.text).toBe("<system-reminder>\nT\n</system-reminder>");
    expect(result.problems.map((p) => p.code)).toEqual(["invalid-chain-result"]);
  });

  test("refuses detail on a type that declares none, naming the field", async () => {
    const input = {
      type: "todo_reminder",
      text: "T",
      origin: { kind: "engine" },
      detail: { x: 1 },
    } as unknown as PromptAttachmentInput;
    const error = await renderAttachment({ dispatcher: hookBus(), input }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PromptComposeError);
    expect(error).toMatchObject({ code: "invalid-input", field: "input.detail" });
  });
});
