// @vitest-environment happy-dom
import { parseEntryData, type SessionState, type ToolResultEntryData } from "@elowen/wire";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/preact";
import { describe, expect, test } from "vitest";
import { componentSuite, renderWith } from "../../test/render.js";
import { PermissionPrompt } from "./permission-prompt.js";
import { QuestionForm } from "./question-form.js";

const SCRIPT = `turns:
  - steps:
      - tools:
          - name: AskUserQuestion
            args:
              questions:
                - question: "Which database?"
                  header: "Database"
                  options: [{ label: "SQLite" }, { label: "Postgres" }]
                - question: "Which features first?"
                  header: "Features"
                  multiSelect: true
                  options: [{ label: Search }, { label: Export }, { label: Sharing }]
      - text: "Noted."
  - steps:
      - tools: [{ name: bash, args: { command: "rm -rf build" } }]
      - text: "Understood."
`;

const suite = componentSuite({
  script: SCRIPT,
  config: { plugins: { disabled: ["@elowen/plugin-code-mode"] } },
});

async function pending<K extends "questions" | "permissions">(
  key: K,
): Promise<SessionState[K][number]> {
  let state: SessionState | undefined;
  await waitFor(
    async () => {
      state = await suite.services.client.sessions.state(suite.sessionId);
      expect(state[key]).toHaveLength(1);
    },
    { timeout: 10_000 },
  );
  const first = state?.[key][0];
  if (!first) throw new Error(`no pending ${key}`);
  return first as SessionState[K][number];
}

async function lastResult(toolName: string): Promise<ToolResultEntryData> {
  let found: ToolResultEntryData | undefined;
  await waitFor(
    async () => {
      const entries = (await suite.services.client.sessions.history(suite.sessionId)).entries;
      found = entries
        .flatMap((e) => {
          const parsed = parseEntryData(e);
          return parsed?.kind === "tool_result" && parsed.data.toolName === toolName
            ? [parsed.data]
            : [];
        })
        .at(-1);
      expect(found).toBeDefined();
    },
    { timeout: 10_000 },
  );
  return found as ToolResultEntryData;
}

describe("questions and approvals answered inline, against a real daemon", () => {
  test("a question form sends index-aligned answers, and names the first unanswered question instead of sending", async () => {
    await suite.services.client.sessions.submitTurn(suite.sessionId, { text: "plan it" });
    const question = await pending("questions");
    renderWith(<QuestionForm sessionId={suite.sessionId} pending={question} />, {
      services: suite.services,
    });
    const send = screen.getByRole("button", { name: "Send answers" });
    fireEvent.click(send);
    expect(screen.getByRole("alert").textContent).toBe(
      "answers[0]: choose an option or type an answer for “Database”",
    );
    fireEvent.click(screen.getByLabelText("Postgres"));
    fireEvent.click(send);
    expect(screen.getByRole("alert").textContent).toBe(
      "answers[1]: choose an option or type an answer for “Features”",
    );
    fireEvent.click(screen.getByLabelText("Search"));
    fireEvent.click(screen.getByLabelText("Sharing"));
    fireEvent.click(screen.getByLabelText("Search"));
    const other = screen.getAllByLabelText("Or type an answer")[1];
    if (!other) throw new Error("no typed answer for the second question");
    fireEvent.input(other, { target: { value: "  Audit log  " } });
    fireEvent.click(send);
    const result = await lastResult("AskUserQuestion");
    expect(result.details?.questionAnswer).toEqual({
      questions: [
        {
          question: "Which database?",
          header: "Database",
          selected: ["Postgres"],
          outcome: "answered",
        },
        {
          question: "Which features first?",
          header: "Features",
          selected: ["Sharing"],
          other: "Audit log",
          outcome: "answered",
        },
      ],
    });

    // A second window answering the same questions is told another answer won.
    cleanup();
    renderWith(<QuestionForm sessionId={suite.sessionId} pending={question} />, {
      services: suite.services,
    });
    fireEvent.click(screen.getByLabelText("SQLite"));
    fireEvent.input(screen.getAllByLabelText("Or type an answer")[1] as HTMLElement, {
      target: { value: "x" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Send answers" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toMatch(/already answered/));
  });

  test("a permission prompt offers the host's choices; a denial reaches the call's result with its record", async () => {
    await suite.services.client.sessions.submitTurn(suite.sessionId, { text: "clean up" });
    const permission = await pending("permissions");
    renderWith(<PermissionPrompt sessionId={suite.sessionId} pending={permission} />, {
      services: suite.services,
    });
    expect(screen.getAllByRole("button").map((b) => b.textContent)).toEqual([
      "Allow once",
      "Always allow",
      "Deny",
    ]);
    expect(screen.getByRole("region").textContent).toContain("rm -rf build");
    fireEvent.click(screen.getByRole("button", { name: "Deny" }));
    const result = await lastResult("bash");
    expect(result.isError).toBe(true);
    expect(result.details?.questionAnswer).toMatchObject({
      questions: [{ outcome: "deny", approval: { tool: "bash", summary: "rm -rf build" } }],
    });

    cleanup();
    renderWith(<PermissionPrompt sessionId={suite.sessionId} pending={permission} />, {
      services: suite.services,
    });
    fireEvent.click(screen.getByRole("button", { name: "Allow once" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toMatch(/already decided/));
  });
});
