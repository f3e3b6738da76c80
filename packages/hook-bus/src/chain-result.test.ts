import { describe, expect, test } from "vitest";
import { checkResult } from "./chain-result.js";
import { CHAIN_RULES } from "./chain-rules.js";
import { Refusal } from "./refusal.js";

const submit = CHAIN_RULES["prompt.submit"];
const mention = CHAIN_RULES["prompt.mention"];
const received = { text: "hi", wait: false, origin: { kind: "composer" } };

describe("the result check", () => {
  test("accepts an answer without next in the event's result shape", () => {
    expect(checkResult(submit, { text: "mine" }, received, false, undefined)).toEqual({
      value: { text: "mine" },
      contextRestored: false,
    });
  });

  test.each([
    ["nothing", undefined, /returned nothing/],
    ["a string", "ok", /does not match its schema/],
    ["both text and drop", { text: "a", drop: "b" }, /does not match its schema/],
    ["a refusal the event does not allow", { deny: "no" }, /does not match its schema/],
  ])("refuses %s", (_label, value, message) => {
    const result = checkResult(submit, value, received, false, undefined);
    expect(result).toBeInstanceOf(Refusal);
    expect((result as Refusal).reason).toMatch(message);
  });

  test("a drop before next answered is a refusal of the prompt, and allowed", () => {
    expect(checkResult(submit, { drop: "no" }, received, false, undefined)).toMatchObject({
      value: { drop: "no" },
    });
  });

  test("a drop after next answered fails the hook", () => {
    const result = checkResult(submit, { drop: "too late" }, received, true, { text: "hi" });
    expect((result as Refusal).reason).toMatch(/drop after next\(e\) answered/);
  });

  test("a deny after next answered stands for prompt.mention (a read made is forgotten)", () => {
    const answer = { type: "file" };
    expect(checkResult(mention, { deny: "secret" }, {}, true, answer)).toMatchObject({
      value: { deny: "secret" },
    });
  });

  test("context entries added after next answered are taken off and the answer's stand", () => {
    const answer = { text: "hi", context: ["from below"] };
    const result = checkResult(
      submit,
      { text: "hi", context: ["from below", "late"] },
      received,
      true,
      answer,
    );
    expect(result).toEqual({
      value: { text: "hi", context: ["from below"] },
      contextRestored: true,
    });
  });

  test("context dropped after next answered is put back (an answer keeps its entries)", () => {
    const answer = { type: "file", context: ["kept"] };
    expect(checkResult(mention, { type: "file" }, {}, true, answer)).toEqual({
      value: { type: "file", context: ["kept"] },
      contextRestored: true,
    });
  });

  test("context added to an answer that had none is removed", () => {
    const result = checkResult(submit, { text: "a", context: ["late"] }, received, true, {
      text: "a",
    });
    expect(result).toEqual({ value: { text: "a" }, contextRestored: true });
  });

  test("a hook may put back the origin it received, but not set another", () => {
    expect(
      checkResult(submit, { text: "a", origin: { kind: "composer" } }, received, false, undefined),
    ).toMatchObject({ contextRestored: false });
    const other = checkResult(submit, { text: "a", origin: { kind: "sdk" } }, received, false, 0);
    expect((other as Refusal).field).toBe("origin");
  });

  test("a turn.step result must name the step it received", () => {
    const step = CHAIN_RULES["turn.step"];
    const e = { turnId: "t1", index: 2, model: "m", messageCount: 3 };
    const result = {
      turnId: "t1",
      index: 3,
      answer: "",
      toolUses: [],
      stopReason: null,
      usage: null,
    };
    expect((checkResult(step, result, e, false, undefined) as Refusal).field).toBe("index");
  });
});
