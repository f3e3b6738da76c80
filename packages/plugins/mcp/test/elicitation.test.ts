import type { AskAnswer, AskQuestion } from "@elowen/plugin-api/questions";
import type { ToolCallContext, ToolResult } from "@elowen/plugin-api/tools";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DECLINE } from "../src/elicitation/elicit-questions.js";
import { everythingStdio } from "./everything.js";
import { type FakeHost, fakeHost } from "./fake-host.js";
import { waitFor } from "./wait.js";

let host: FakeHost;
beforeAll(async () => {
  host = fakeHost({ servers: { everything: everythingStdio() } });
  await waitFor(
    () => host.tools().map((t) => t.name),
    (names) => names.includes("mcp__everything__trigger-elicitation-request"),
  );
}, 120_000);
afterAll(() => host.close());

async function elicit(
  answer: (questions: readonly AskQuestion[]) => AskAnswer[],
): Promise<{ result: ToolResult; asked: AskQuestion[] }> {
  const asked: AskQuestion[] = [];
  const tool = host.tools().find((t) => t.name === "mcp__everything__trigger-elicitation-request");
  if (!tool) throw new Error("no elicitation tool");
  const result = await tool.execute({}, {
    access: { userId: null },
    signal: new AbortController().signal,
    onUpdate: () => undefined,
    askUser: async (questions: readonly AskQuestion[]) => {
      asked.push(...questions);
      return answer(questions);
    },
  } as unknown as ToolCallContext);
  return { result, asked };
}
const text = (result: ToolResult) =>
  result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");

describe("elicitation from the real reference server", { timeout: 60_000 }, () => {
  test("becomes ask-user questions, one per field, and the answers go back as accept", async () => {
    const { result, asked } = await elicit((questions) =>
      questions.map((q): AskAnswer => {
        if (q.header === "String")
          return { outcome: "answered", selected: [], other: "Ada Lovelace" };
        if (q.header === "Boolean") return { outcome: "answered", selected: ["Yes"] };
        if (q.header === "Integer") return { outcome: "answered", selected: ["42"] };
        if (q.header === "Legacy Titled Single Select Enum")
          return { outcome: "answered", selected: ["Dogs"] };
        return { outcome: "answered", selected: ["(leave empty)"] };
      }),
    );
    expect(asked.length).toBeGreaterThanOrEqual(10);
    expect(asked.find((q) => q.header === "Boolean")?.options.map((o) => o.label)).toEqual([
      "Yes",
      "No",
    ]);
    expect(asked.find((q) => q.header === "String")?.options.map((o) => o.label)).toEqual([
      "(leave empty)",
      DECLINE,
    ]);
    expect(text(result)).toContain("User provided the requested information");
    expect(text(result)).toContain("- Name: Ada Lovelace");
    expect(text(result)).toContain("- Agreed to terms: true");
    expect(text(result)).toContain("- Favorite Integer: 42");
  });

  test("answering decline declines, and an expired question cancels", async () => {
    const declined = await elicit((questions) =>
      questions.map(() => ({ outcome: "answered", selected: [DECLINE] })),
    );
    expect(text(declined.result)).toContain("declined");
    expect(declined.asked).toHaveLength(4);
    const expired = await elicit((questions) =>
      questions.map(() => ({ outcome: "expired", selected: [] })),
    );
    expect(text(expired.result).toLowerCase()).toContain("cancel");
  });
});
