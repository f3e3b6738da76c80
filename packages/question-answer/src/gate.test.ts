import {
  type PermissionRecord,
  QuestionAnswerRecordSchema,
  type QuestionRecord,
} from "@elowen/plugin-api/questions";
import { textResult } from "@elowen/plugin-api/tools";
import { describe, expect, test } from "vitest";
import { runGated, withPermission } from "./gate.js";
import { permissionRecord } from "./permission.js";
import { questionAnswerOf } from "./question-answer-of.js";

function decision(outcome: "once" | "always" | "deny" | "expired"): PermissionRecord {
  const built = permissionRecord({
    tool: "AskUserQuestion",
    summary: "4 questions",
    outcome,
    ...(outcome === "always" ? { scope: "session" as const } : {}),
  });
  if (!built.ok) throw new Error(built.problem.message);
  return built.value;
}
const asked = (n: number): QuestionRecord => ({
  question: `Question ${n}?`,
  header: `Q${n}`,
  selected: ["A"],
  outcome: "answered",
});

describe("the permission gate's record", () => {
  test("prepends the decision to a four-question batch, which then carries five entries", () => {
    const tool = textResult("answered", { questionAnswer: { questions: [1, 2, 3, 4].map(asked) } });
    const gated = withPermission(tool, decision("once"));
    expect(gated.content).toEqual(tool.content);
    expect(gated.details?.questionAnswer?.questions.map((q) => q.header)).toEqual([
      "Permission",
      "Q1",
      "Q2",
      "Q3",
      "Q4",
    ]);
    expect(QuestionAnswerRecordSchema.safeParse(gated.details?.questionAnswer).success).toBe(true);
    expect(questionAnswerOf(gated.details).status).toBe("valid");
  });

  test("gives a result without answers a record holding only the decision, other details kept", () => {
    const gated = withPermission(textResult("ok", { exitCode: 0 }), decision("always"));
    expect(gated.details).toEqual({
      exitCode: 0,
      questionAnswer: { questions: [decision("always")] },
    });
  });

  test("keeps the person's answers when the tool's own record already opened with a decision", () => {
    const inner = decision("once");
    const tool = textResult("answered", {
      questionAnswer: { questions: [inner, ...[1, 2, 3, 4].map(asked)] },
    });
    const gated = withPermission(tool, decision("always"));
    expect(gated.details?.questionAnswer?.questions).toEqual([
      decision("always"),
      ...[1, 2, 3, 4].map(asked),
    ]);
    expect(questionAnswerOf(gated.details).status).toBe("valid");
  });

  test("replaces a malformed tool record with the decision alone rather than storing an invalid one", () => {
    const gated = withPermission(
      textResult("ok", { questionAnswer: { questions: "nope" } } as never),
      decision("once"),
    );
    expect(gated.details?.questionAnswer).toEqual({ questions: [decision("once")] });
  });
});

describe("runGated", () => {
  test("an approved call runs and carries its approval", async () => {
    const result = await runGated(decision("once"), async () => textResult("listed 3 files"));
    expect(result).toEqual(
      textResult("listed 3 files", { questionAnswer: { questions: [decision("once")] } }),
    );
  });

  test("an approved call that throws becomes an error result that still carries its approval", async () => {
    const result = await runGated(decision("always"), async () => {
      throw new Error("disk full");
    });
    expect(result).toEqual({
      content: [{ type: "text", text: "disk full" }],
      details: { questionAnswer: { questions: [decision("always")] } },
      isError: true,
    });
  });

  test.each(["deny", "expired"] as const)(
    "a %s decision never runs the call and says why",
    async (outcome) => {
      let ran = false;
      const result = await runGated(decision(outcome), async () => {
        ran = true;
        return textResult("ran");
      });
      expect(ran).toBe(false);
      expect(result.isError).toBe(true);
      expect(result.content[0]).toEqual({
        type: "text",
        text:
          outcome === "deny"
            ? "Permission to run AskUserQuestion was denied."
            : "Permission to run AskUserQuestion was not given: the prompt expired without an answer.",
      });
      expect(result.details?.questionAnswer).toEqual({ questions: [decision(outcome)] });
    },
  );
});
