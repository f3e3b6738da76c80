import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { TURN_CONTEXT_ENTRY } from "@elowen/plugin-api/journal";
import { parseEntryData } from "@elowen/wire";
import { afterEach, describe, expect, test } from "vitest";
import { SUBMIT_CONTEXT_ENTRY } from "../src/brain/context/replay.js";
import { startBrainDaemon, subscribe } from "./helpers/live-events.js";
import { type TestDaemon, tempHome } from "./helpers/test-daemon.js";

let t: TestDaemon | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const TOOL_THEN_ANSWER = `turns:
  - steps:
      - text: "checking"
        tools: [{ name: Weather, args: { city: Oslo } }]
      - text: "done"
`;

describe("prompt.submit and input", () => {
  test("a drop is answered to the sender with the hook's text, and nothing enters the session", async () => {
    t = await startBrainDaemon({ settings: { dropWord: "secret" } });
    const session = await t.owner.sessions.create();
    const reply = await t.owner.sessions.submitTurn(session.id, { text: "tell me the secret" });
    expect(reply).toEqual({ status: "dropped", reason: "no secret here" });
    expect((await t.owner.sessions.history(session.id)).entries).toEqual([]);
    expect(await t.owner.sessions.state(session.id)).toMatchObject({ running: null, queued: [] });
  });

  test("input transforms change what the model reads, the transcript keeps what entered", async () => {
    t = await startBrainDaemon({ settings: { transformPrefix: "[expanded] " } });
    const session = await t.owner.sessions.create();
    await t.owner.sessions.submitTurn(session.id, { text: "hi", waitForSettle: true });
    const [user] = (await t.owner.sessions.history(session.id)).entries;
    expect(parseEntryData(user as never)).toMatchObject({
      kind: "user",
      data: { text: "hi", modelText: "[expanded] hi", origin: { kind: "composer" } },
    });
  });

  test("turn context is stored hidden, in one entry, in the same commit as the user message and never drawn", async () => {
    t = await startBrainDaemon({ settings: { turnContext: "Open ticket: ACME-7." } });
    const session = await t.owner.sessions.create();
    await t.owner.sessions.submitTurn(session.id, { text: "status?", waitForSettle: true });
    const branch = await t.daemon.host.store.journal.branch(session.id);
    const context = branch.find((e) => e.customType === TURN_CONTEXT_ENTRY);
    const user = branch.find((e) => e.kind === "user");
    expect(context).toMatchObject({
      hidden: true,
      data: {
        turnId: (user?.data as { turnId?: string } | undefined)?.turnId,
        records: [{ text: "Open ticket: ACME-7.", name: "facts", placement: "before-user" }],
      },
    });
    expect(context?.createdAt).toBe(user?.createdAt);
    expect(context?.seq).toBe((user?.seq ?? 0) - 1);
    const visible = (await t.owner.sessions.history(session.id)).entries;
    expect(visible.some((e) => e.customType === TURN_CONTEXT_ENTRY)).toBe(false);
    expect(branch.some((e) => e.customType === SUBMIT_CONTEXT_ENTRY)).toBe(false);
  });
});

describe("turn.step", () => {
  test("a hook's rewritten text is what clients see live and what the transcript keeps", async () => {
    t = await startBrainDaemon({
      script: "turns: [{ steps: [{ text: quiet words }] }]",
      settings: { shout: true },
    });
    const session = await t.owner.sessions.create();
    const log = await subscribe(t.owner, session.id);
    const reply = await t.owner.sessions.submitTurn(session.id, {
      text: "hi",
      waitForSettle: true,
    });
    expect(reply).toMatchObject({ outcome: { answer: "QUIET WORDS" } });
    await log.next("turn_completed");
    expect(
      log
        .of("assistant_delta")
        .map((e) => e.data.text)
        .join(""),
    ).toBe("QUIET WORDS");
    const assistant = (await t.owner.sessions.history(session.id)).entries.find(
      (e) => e.kind === "assistant",
    );
    expect(parseEntryData(assistant as never)).toMatchObject({
      data: { content: [{ type: "text", text: "QUIET WORDS" }] },
    });
    await log.close();
  });

  test("with no hook the engine streams straight to clients: live and in the transcript the same as through a pass-through hook", async () => {
    t = await startBrainDaemon({ script: TOOL_THEN_ANSWER });
    const daemon = t;
    const run = async () => {
      const session = await daemon.owner.sessions.create();
      const log = await subscribe(daemon.owner, session.id);
      await daemon.owner.sessions.submitTurn(session.id, { text: "hi", waitForSettle: true });
      await log.next("turn_completed");
      await log.close();
      const live = {
        text: log.of("assistant_delta").map((e) => e.data.text),
        tools: log.of("tool_started").map((e) => [e.data.name, e.data.args]),
      };
      const history = (await daemon.owner.sessions.history(session.id)).entries.map((e) => {
        // What differs between two sessions by construction: ids, times, and the token estimate
        // of a prompt that names the session's own workspace.
        const { turnId, submissionId, startedAt, durationMs, usage, ...data } = e.data as Record<
          string,
          unknown
        >;
        return { kind: e.kind, data };
      });
      return { live, history };
    };
    const straight = await run();
    t.daemon.host.registry.hooks.on("test", "turn.step", async function* (_$, e, next) {
      return yield* next(e);
    });
    const through = await run();
    expect(straight).toEqual(through);
    expect(straight.live).toEqual({
      text: ["checking", "done"],
      tools: [["Weather", { city: "Oslo" }]],
    });
  });

  test("a tool call whose tool chunk a hook keeps back is recorded nowhere and never runs", async () => {
    t = await startBrainDaemon({ script: TOOL_THEN_ANSWER, settings: { withholdTools: true } });
    const session = await t.owner.sessions.create();
    const reply = await t.owner.sessions.submitTurn(session.id, {
      text: "hi",
      waitForSettle: true,
    });
    expect(reply).toMatchObject({ outcome: { reason: "answer", answer: "checking" } });
    const kinds = (await t.owner.sessions.history(session.id)).entries.map((e) => e.kind);
    expect(kinds).toEqual(["user", "assistant", "turn_end"]);
  });
});

describe("persona", () => {
  test("brain.session.beforeSpawn's persona reaches the system prompt of the session's turns", async () => {
    t = await startBrainDaemon({ settings: { persona: "You are Ada." } });
    const session = await t.owner.sessions.create();
    const seen: string[] = [];
    t.daemon.host.registry.hooks.on("test", "prompt.compose", async (_$, e, next) => {
      const result = await next(e);
      seen.push(result.sections.map((s) => s.text).join("\n"));
      return result;
    });
    await t.owner.sessions.submitTurn(session.id, { text: "hi", waitForSettle: true });
    expect(seen[0]).toContain("You are Ada.");
  });
});

describe("mentions and attachments", () => {
  test("@path mentions attach the workspace file's lines for the model only; denied and outside paths attach nothing", async () => {
    const home = tempHome();
    t = await startBrainDaemon({
      home,
      settings: { denyMention: "secret.txt", submitContext: "Sent from the test." },
    });
    const session = await t.owner.sessions.create();
    const workspace = join(home, "workspaces", session.id);
    mkdirSync(workspace, { recursive: true });
    writeFileSync(join(workspace, "notes.txt"), "one\ntwo\nthree\nfour\n");
    writeFileSync(join(workspace, "secret.txt"), "hidden");
    await t.owner.sessions.submitTurn(session.id, {
      text: "compare @notes.txt#L2-3 with @secret.txt and @../../elowen.db",
      waitForSettle: true,
    });
    const branch = await t.daemon.host.store.journal.branch(session.id);
    const context = branch.find((e) => e.customType === SUBMIT_CONTEXT_ENTRY);
    expect(context?.hidden).toBe(true);
    expect((context?.data as { blocks: string[] } | undefined)?.blocks).toEqual([
      "<system-reminder>\nSent from the test.\n</system-reminder>",
      "<system-reminder>\nnotes.txt:\ntwo\nthree\n</system-reminder>",
    ]);
    const visible = (await t.owner.sessions.history(session.id)).entries;
    expect(JSON.stringify(visible)).not.toContain("two\\nthree");
  });
});

describe("a plugin's prompt", () => {
  test("queues after the running turn and reaches the model under the plugin's name", async () => {
    t = await startBrainDaemon({
      script: `turns:
  - steps:
      - tools: [{ name: Nudge, args: { text: "check the build" } }]
      - text: "nudged"
  - steps: [{ text: "checking" }]
`,
    });
    const session = await t.owner.sessions.create();
    const log = await subscribe(t.owner, session.id);
    await t.owner.sessions.submitTurn(session.id, { text: "go", waitForSettle: true });
    await log.next("turn_completed", (e) => e.data.answer === "checking");
    const users = (await t.owner.sessions.history(session.id)).entries
      .map((e) => parseEntryData(e))
      .filter((p) => p?.kind === "user");
    expect(users[1]?.data).toMatchObject({
      text: "check the build",
      modelText: "The brain-kit plugin sent a message: check the build",
      origin: { kind: "plugin", name: "brain-kit" },
    });
    await log.close();
  });
});
