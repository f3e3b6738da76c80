// @elowen/daemon is a devDependency back on the host that bundles this plugin; this package's
// turbo.json lists its build's dependencies by name to keep that out of ^build (a task cycle).
import { startTestDaemon, type TestDaemon } from "@elowen/daemon/testing";
import { parseEntryData, type ToolResultEntryData } from "@elowen/wire";
import { afterEach, describe, expect, test } from "vitest";

/** This package's directory: the daemon loads the plugin from it, through its manifest's entry. */
const PLUGIN_DIR = new URL("..", import.meta.url).pathname;

let t: TestDaemon | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const script = `turns:
  - steps:
      - tools:
          - name: AskUserQuestion
            args:
              questions:
                - question: "Which database should the service use?"
                  header: "Database"
                  options:
                    - { label: "SQLite (Recommended)", preview: "**One file**, no server. <script>x</script>" }
                    - { label: "Postgres" }
                - question: "Which features ship first?"
                  header: "Features"
                  multiSelect: true
                  options: [{ label: Search }, { label: Export }, { label: Sharing }]
      - text: "Noted."
`;

async function toolResults(sessionId: string): Promise<ToolResultEntryData[]> {
  const entries = (await t?.owner.sessions.history(sessionId))?.entries ?? [];
  return entries.flatMap((entry) => {
    const parsed = parseEntryData(entry);
    return parsed?.kind === "tool_result" ? [parsed.data] : [];
  });
}

describe("AskUserQuestion in a real daemon", () => {
  test("parks the turn until the questions are answered over HTTP; the model reads the answers and the record is in history", async () => {
    t = await startTestDaemon({ plugins: [PLUGIN_DIR], script });
    const session = await t.owner.sessions.create();
    const log = await t.events(session.id);
    const settled = t.owner.sessions.submitTurn(session.id, {
      text: "plan it",
      waitForSettle: true,
    });

    const asked = await log.next("question_asked");
    expect(asked.data.plugin).toBe("@elowen/plugin-askuser");
    expect(
      asked.data.questions.map((q) => [q.header, q.allowOther, q.options.map((o) => o.label)]),
    ).toEqual([
      ["Database", true, ["SQLite", "Postgres"]],
      ["Features", true, ["Search", "Export", "Sharing"]],
    ]);
    expect(asked.data.questions[0]?.options[0]?.recommended).toBe(true);
    // The host sanitizes previews at its askUser boundary: raw HTML becomes visible text.
    expect(asked.data.questions[0]?.options[0]?.preview).toBe(
      "**One file**, no server. \\<script>x\\</script>",
    );
    expect((await t.owner.sessions.state(session.id)).questions).toHaveLength(1);

    await t.owner.sessions.answerQuestion(session.id, asked.data.questionId, {
      answers: [{ selected: ["SQLite"] }, { selected: ["Search", "Export"], other: "dark mode" }],
    });
    expect(await settled).toMatchObject({
      status: "settled",
      outcome: { reason: "answer", answer: "Noted." },
    });

    const [result] = await toolResults(session.id);
    expect(result).toMatchObject({
      toolName: "AskUserQuestion",
      isError: false,
      content: [
        {
          type: "text",
          text: [
            "The user answered your questions:",
            '- Database ("Which database should the service use?"): "SQLite"',
            '- Features ("Which features ship first?"): "Search", "Export", in their own words "dark mode"',
          ].join("\n"),
        },
      ],
      details: {
        questionAnswer: {
          questions: [
            {
              question: "Which database should the service use?",
              header: "Database",
              selected: ["SQLite"],
              outcome: "answered",
            },
            {
              question: "Which features ship first?",
              header: "Features",
              selected: ["Search", "Export"],
              other: "dark mode",
              outcome: "answered",
            },
          ],
        },
      },
    });
    const answered = await log.next("question_answered");
    expect(answered.data.questionId).toBe(asked.data.questionId);
    await log.close();
  });

  test("an unanswered question expires from the host: the record says expired and the model is told so", async () => {
    t = await startTestDaemon({
      plugins: [PLUGIN_DIR],
      script,
      config: { brain: { askTimeoutMs: 100 } },
    });
    const session = await t.owner.sessions.create();
    const log = await t.events(session.id);
    await t.owner.sessions.submitTurn(session.id, { text: "plan it", waitForSettle: true });

    const expired = await log.next("question_expired");
    expect(expired.data.answers).toEqual([
      { outcome: "expired", selected: [] },
      { outcome: "expired", selected: [] },
    ]);
    const [result] = await toolResults(session.id);
    expect(result?.isError).toBe(false);
    expect(result?.content[0]).toEqual({
      type: "text",
      text: [
        "The user did not answer: the questions expired unanswered.",
        '- Database ("Which database should the service use?"): no answer, the question expired unanswered',
        '- Features ("Which features ship first?"): no answer, the question expired unanswered',
        "Go on without the missing answers: choose a sensible default and say which, or ask again later.",
      ].join("\n"),
    });
    expect(result?.details?.questionAnswer).toEqual({
      questions: [
        {
          question: "Which database should the service use?",
          header: "Database",
          selected: [],
          outcome: "expired",
        },
        {
          question: "Which features ship first?",
          header: "Features",
          selected: [],
          outcome: "expired",
        },
      ],
    });
    await log.close();
  });

  test("questions that break the schema are refused before anything is asked, naming the field", async () => {
    const bad = `turns:
  - steps:
      - tools:
          - name: AskUserQuestion
            args: { questions: [{ question: "Only one option?", header: "One", options: [{ label: "A" }] }] }
      - text: "Oh."
`;
    t = await startTestDaemon({ plugins: [PLUGIN_DIR], script: bad });
    const session = await t.owner.sessions.create();
    const log = await t.events(session.id);
    await t.owner.sessions.submitTurn(session.id, { text: "go", waitForSettle: true });
    const [result] = await toolResults(session.id);
    expect(result?.isError).toBe(true);
    expect(JSON.stringify(result?.content)).toContain("questions.0.options");
    expect(log.of("question_asked")).toEqual([]);
    await log.close();
  });
});
