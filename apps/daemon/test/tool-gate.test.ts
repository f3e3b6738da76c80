import type { ToolResultEntryData } from "@elowen/wire";
import { afterEach, describe, expect, test } from "vitest";
import { startBrainDaemon, subscribe, toolResults } from "./helpers/live-events.js";
import type { TestDaemon } from "./helpers/test-daemon.js";

let t: TestDaemon | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const oneCall = (name: string, args: string) => `turns:
  - steps:
      - tools: [{ name: ${name}, args: ${args} }]
      - text: "after"
`;

async function results(sessionId: string): Promise<ToolResultEntryData[]> {
  return t ? toolResults(t.owner, sessionId) : [];
}

describe("tools.call.before", () => {
  test("a plugin granted mutates tools denies a call; the model reads the reason", async () => {
    t = await startBrainDaemon({ script: oneCall("Weather", "{ city: Nowhere }") });
    const session = await t.owner.sessions.create();
    await t.owner.sessions.submitTurn(session.id, { text: "go", waitForSettle: true });
    const [result] = await results(session.id);
    expect(result).toMatchObject({
      isError: true,
      content: [{ type: "text", text: "Weather was denied by brain-kit: Nowhere is not a city" }],
    });
  });

  test("arguments that break the tool's schema are refused before any hook, naming the field", async () => {
    t = await startBrainDaemon({ script: oneCall("Weather", "{ town: Oslo }") });
    const session = await t.owner.sessions.create();
    await t.owner.sessions.submitTurn(session.id, { text: "go", waitForSettle: true });
    const [result] = await results(session.id);
    expect(result?.isError).toBe(true);
    expect(JSON.stringify(result?.content)).toMatch(/city/);
  });
});

describe("the permission gate", () => {
  test("an approved call that throws becomes an error result carrying its approval", async () => {
    t = await startBrainDaemon({ script: oneCall("Boom", "{}") });
    const session = await t.owner.sessions.create();
    const log = await subscribe(t.owner, session.id);
    const settled = t.owner.sessions.submitTurn(session.id, { text: "go", waitForSettle: true });
    const asked = await log.next("permission_asked");
    expect(asked.data).toMatchObject({
      tool: "Boom",
      nested: false,
      choices: { once: "Allow once" },
    });
    expect((await t.owner.sessions.state(session.id)).permissions).toHaveLength(1);
    await t.owner.sessions.decidePermission(session.id, asked.data.permissionId, {
      outcome: "once",
    });
    await settled;
    const [result] = await results(session.id);
    expect(result).toMatchObject({
      isError: true,
      content: [{ type: "text", text: "the boom tool exploded" }],
      details: {
        questionAnswer: {
          questions: [
            {
              outcome: "once",
              selected: ["Allow once"],
              approval: { tool: "Boom", summary: "{}" },
            },
          ],
        },
      },
    });
    await log.close();
  });

  test("a denied call never runs and says so; a second decision on the prompt is a conflict", async () => {
    t = await startBrainDaemon({ script: oneCall("Boom", "{}") });
    const session = await t.owner.sessions.create();
    const log = await subscribe(t.owner, session.id);
    const settled = t.owner.sessions.submitTurn(session.id, { text: "go", waitForSettle: true });
    const asked = await log.next("permission_asked");
    await t.owner.sessions.decidePermission(session.id, asked.data.permissionId, {
      outcome: "deny",
    });
    await expect(
      t.owner.sessions.decidePermission(session.id, asked.data.permissionId, { outcome: "once" }),
    ).rejects.toMatchObject({ status: 409 });
    await settled;
    const [result] = await results(session.id);
    expect(result).toMatchObject({
      isError: true,
      content: [{ type: "text", text: "Permission to run Boom was denied." }],
      details: { questionAnswer: { questions: [{ outcome: "deny" }] } },
    });
    await log.close();
  });

  test("always covers the tool for the rest of the session without asking again", async () => {
    t = await startBrainDaemon({
      script: `turns:
  - steps:
      - tools: [{ name: Boom, args: {} }]
      - tools: [{ name: Boom, args: {} }]
      - text: "after"
`,
    });
    const session = await t.owner.sessions.create();
    const log = await subscribe(t.owner, session.id);
    const settled = t.owner.sessions.submitTurn(session.id, { text: "go", waitForSettle: true });
    const asked = await log.next("permission_asked");
    await t.owner.sessions.decidePermission(session.id, asked.data.permissionId, {
      outcome: "always",
    });
    await settled;
    expect(log.of("permission_asked")).toHaveLength(1);
    const outcomes = (await results(session.id)).map(
      (r) =>
        (r.details?.questionAnswer as { questions: { outcome: string }[] } | undefined)
          ?.questions[0]?.outcome,
    );
    expect(outcomes).toEqual(["always", "always"]);
    await log.close();
  });

  test("an unanswered prompt expires with outcome expired, from the host", async () => {
    t = await startBrainDaemon({
      script: oneCall("Boom", "{}"),
      config: { brain: { askTimeoutMs: 100 } },
    });
    const session = await t.owner.sessions.create();
    await t.owner.sessions.submitTurn(session.id, { text: "go", waitForSettle: true });
    const [result] = await results(session.id);
    expect(result).toMatchObject({
      isError: true,
      content: [
        {
          type: "text",
          text: "Permission to run Boom was not given: the prompt expired without an answer.",
        },
      ],
      details: { questionAnswer: { questions: [{ outcome: "expired", selected: [] }] } },
    });
  });
});

describe("questions", () => {
  test("askUser parks the turn until a client answers; the first answer wins, a later one is a conflict", async () => {
    t = await startBrainDaemon({ script: oneCall("Confirm", "{ question: 'Ship it?' }") });
    const session = await t.owner.sessions.create();
    const log = await subscribe(t.owner, session.id);
    const settled = t.owner.sessions.submitTurn(session.id, { text: "go", waitForSettle: true });
    const asked = await log.next("question_asked");
    expect(asked.data.questions[0]).toMatchObject({ question: "Ship it?", allowOther: true });
    await expect(
      t.owner.sessions.answerQuestion(session.id, asked.data.questionId, {
        answers: [{ selected: ["Maybe"] }],
      }),
    ).rejects.toMatchObject({ status: 400 });
    await t.owner.sessions.answerQuestion(session.id, asked.data.questionId, {
      answers: [{ selected: ["Yes"] }],
    });
    await expect(
      t.owner.sessions.answerQuestion(session.id, asked.data.questionId, {
        answers: [{ selected: ["No"] }],
      }),
    ).rejects.toMatchObject({ status: 409 });
    await settled;
    const [result] = await results(session.id);
    expect(result).toMatchObject({
      content: [{ type: "text", text: "Yes" }],
      details: { questionAnswer: { questions: [{ selected: ["Yes"], outcome: "answered" }] } },
    });
    await log.close();
  });

  test("an unanswered question expires with every answer expired", async () => {
    t = await startBrainDaemon({
      script: oneCall("Confirm", "{ question: 'Ship it?' }"),
      config: { brain: { askTimeoutMs: 100 } },
    });
    const session = await t.owner.sessions.create();
    const log = await subscribe(t.owner, session.id);
    await t.owner.sessions.submitTurn(session.id, { text: "go", waitForSettle: true });
    const expired = await log.next("question_expired");
    expect(expired.data.answers).toEqual([{ outcome: "expired", selected: [] }]);
    const [result] = await results(session.id);
    expect(result?.details?.questionAnswer).toEqual({
      questions: [{ question: "Ship it?", header: "Confirm", selected: [], outcome: "expired" }],
    });
    await log.close();
  });
});

describe("cards", () => {
  test("a card emitted in an interactive turn reaches clients live and persists with the session", async () => {
    t = await startBrainDaemon({ script: oneCall("Pin", "{ text: 'Remember the milk' }") });
    const session = await t.owner.sessions.create();
    const log = await subscribe(t.owner, session.id);
    await t.owner.sessions.submitTurn(session.id, { text: "go", waitForSettle: true });
    const card = await log.next("card");
    expect(card.data).toEqual({
      card: { id: "pin", title: "Pinned", text: "Remember the milk", pinned: true },
    });
    expect((await t.owner.sessions.cards(session.id)).cards).toEqual([
      { id: "pin", title: "Pinned", text: "Remember the milk", pinned: true },
    ]);
    await log.close();
  });
});
