import type { InputTransform, InputTransformArgs } from "@elowen/plugin-api/prompt-context";
import { describe, expect, test } from "vitest";
import { applyInputTransforms } from "./input-transforms.js";

const ARGS: InputTransformArgs = {
  text: "  /skill:deploy now  ",
  sessionId: "s",
  userId: 1,
  origin: { kind: "composer" },
};
const reg = (plugin: string, transform: InputTransform) => ({ plugin, transform });

describe("applyInputTransforms", () => {
  test("with no transform returns the input text itself", async () => {
    const outcome = await applyInputTransforms([], ARGS);
    expect(outcome.text).toBe(ARGS.text);
    expect(outcome.problems).toEqual([]);
  });

  test("runs transforms in registration order, each on the text before it returned", async () => {
    const seen: string[] = [];
    const outcome = await applyInputTransforms(
      [
        reg("a", ({ text }) => {
          seen.push(text);
          return text.trim();
        }),
        reg("b", async ({ text }) => {
          seen.push(text);
          return `${text}!`;
        }),
      ],
      ARGS,
    );
    expect(seen).toEqual([ARGS.text, "/skill:deploy now"]);
    expect(outcome).toEqual({ text: "/skill:deploy now!", problems: [] });
  });

  test("tells each transform the session, user and origin of the turn", async () => {
    let seen: unknown;
    const record = (args: InputTransformArgs) => {
      seen = args;
      return args.text;
    };
    await applyInputTransforms([reg("a", record)], ARGS);
    expect(seen).toEqual(ARGS);
  });

  test.each([
    [
      "throws",
      () => {
        throw new Error("nope");
      },
      "transform-failed",
      "threw (nope)",
    ],
    [
      "answers a non-string",
      () => 7 as unknown as string,
      "invalid-transform-result",
      "answered the number 7, not a string",
    ],
    [
      "answers undefined",
      () => undefined as unknown as string,
      "invalid-transform-result",
      "answered undefined, not a string",
    ],
  ])(
    "a transform that %s is skipped and reported, the next still runs",
    async (_name, bad, code, says) => {
      const outcome = await applyInputTransforms(
        [reg("bad", bad), reg("good", ({ text }) => text.toUpperCase())],
        ARGS,
      );
      expect(outcome.text).toBe(ARGS.text.toUpperCase());
      expect(outcome.problems).toEqual([expect.objectContaining({ code, plugin: "bad" })]);
      expect(outcome.problems[0]?.message).toContain(says);
    },
  );

  test("a transform past its budget is skipped and reported", async () => {
    const outcome = await applyInputTransforms(
      [reg("slow", () => new Promise<string>(() => {}))],
      ARGS,
      { budgetMs: 5 },
    );
    expect(outcome.text).toBe(ARGS.text);
    expect(outcome.problems[0]?.message).toBe(
      "input transform of slow did not answer within 5 ms; the text goes on unchanged",
    );
  });

  test("may return an empty text", async () => {
    expect((await applyInputTransforms([reg("a", () => "")], ARGS)).text).toBe("");
  });
});
