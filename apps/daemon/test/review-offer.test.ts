import type { Access } from "@elowen/plugin-api/access";
import type { QuestionAnswerRecord } from "@elowen/plugin-api/questions";
import type { ToolTraceRecord } from "@elowen/plugin-api/trace";
import { permissionRecord } from "@elowen/question-answer";
import type { ToolResultEntryData } from "@elowen/wire";
import { describe, expect, test } from "vitest";
import { exchangeFacts } from "../src/brain/review/exchange-facts.js";
import { offerDecision } from "../src/brain/review/offer-eligibility.js";
import type { SettledExchange } from "../src/brain/turn/brain-context.js";
import type { SessionRecord } from "../src/store/types.js";
import { reviewFixture } from "./helpers/review-fixture.js";
import { useTestStore } from "./helpers/test-store.js";

const t = useTestStore();

const record = permissionRecord({ outcome: "deny", tool: "Bash", summary: "rm -rf build" });
if (!record.ok) throw new Error("a permission record");
const denied: QuestionAnswerRecord = { questions: [record.value] };
const call = (name: string, extra: Partial<ToolTraceRecord> = {}): ToolTraceRecord => ({
  id: `r-${name}-${Math.random()}`,
  producerId: "exec",
  kind: "call",
  name,
  ...extra,
});

/** Writes one tool result per call into the session's journal and answers the map the brain keeps. */
async function results(
  rows: readonly { toolName: string; isError?: boolean; details?: Record<string, unknown> }[],
): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  for (const [i, row] of rows.entries()) {
    const data: ToolResultEntryData = {
      turnId: "t1",
      callId: `c${i}`,
      toolName: row.toolName,
      content: [{ type: "text", text: "ok" }],
      ...(row.details === undefined ? {} : { details: row.details }),
      isError: row.isError ?? false,
      startedAt: 0,
      durationMs: 1,
    };
    const [entry] = await t.store.journal.append(t.sessionId, [{ kind: "tool_result", data }]);
    map.set(`c${i}`, entry?.id ?? "");
  }
  return map;
}

describe("exchangeFacts", () => {
  test("counts finished successful calls, direct and nested; pending, failed and denied ones do not count", async () => {
    const resultEntries = await results([
      { toolName: "Read" },
      { toolName: "Bash", isError: true },
      { toolName: "Bash", details: { questionAnswer: denied } },
      {
        toolName: "exec",
        details: {
          ownRow: false,
          toolTrace: [
            call("Read"),
            call("Bash", { pending: true }),
            call("Bash", { isError: true }),
            call("Write", { questionAnswer: denied }),
            { id: "n1", producerId: "exec", kind: "note", text: "working" },
          ],
        },
      },
    ]);
    const facts = await exchangeFacts(t.store.journal, {
      sessionId: t.sessionId,
      resultEntries,
    });
    expect(facts.successfulToolCalls).toBe(2);
  });

  test("names the skills a successful SkillLoad read, direct or nested, once each", async () => {
    const resultEntries = await results([
      { toolName: "SkillLoad", details: { skill: "deploy-check" } },
      { toolName: "SkillLoad", isError: true, details: { skill: "broken" } },
      {
        toolName: "exec",
        details: {
          toolTrace: [
            call("SkillLoad", { args: { name: "report-guide" } }),
            call("SkillLoad", { args: { name: "half-read" }, pending: true }),
            call("SkillLoad", { args: { name: "deploy-check" } }),
          ],
        },
      },
    ]);
    const facts = await exchangeFacts(t.store.journal, {
      sessionId: t.sessionId,
      resultEntries,
    });
    expect(facts.loadedSkillNames).toEqual(["deploy-check", "report-guide"]);
  });

  test("a result entry the journal no longer holds is not counted", async () => {
    const facts = await exchangeFacts(t.store.journal, {
      sessionId: t.sessionId,
      resultEntries: new Map([["c0", "e-gone"]]),
    });
    expect(facts).toEqual({ successfulToolCalls: 0, loadedSkillNames: [] });
  });
});

describe("offerDecision", () => {
  const access: Access = {
    userId: 7,
    role: "user",
    isAdmin: false,
    isOwner: false,
    surface: "web",
    allAccess: false,
    grants: [],
  };
  const session: SessionRecord = {
    id: "s1",
    ownerId: 7,
    title: null,
    kind: "interactive",
    createdAt: 0,
    updatedAt: 0,
    leafId: "e-leaf",
    workspace: null,
  };

  async function exchange(overrides: Partial<SettledExchange> = {}): Promise<SettledExchange> {
    const f = await reviewFixture("turns: [{ steps: [{ text: done }] }]");
    return {
      sessionId: "s1",
      kind: "interactive",
      access,
      origin: { kind: "composer" },
      outcome: { turnId: "t1", reason: "answer", durationMs: 1, answer: "done" },
      resultEntries: new Map(),
      leafId: "e-leaf",
      lastRequest: f.source.request,
      finalAnswer: f.source.finalAnswer,
      ...overrides,
    };
  }

  test.each(["web", "cli"] as const)(
    "offers a clean turn a person typed on the %s",
    async (surface) => {
      const decision = offerDecision(await exchange({ access: { ...access, surface } }), session);
      expect(decision).toMatchObject({
        ok: true,
        source: { userId: 7, sessionId: "s1", leafId: "e-leaf" },
      });
    },
  );

  test.each<[string, Partial<SettledExchange>, Partial<SessionRecord>]>([
    ["a cron session's turn", { kind: "cron" }, {}],
    ["a sub-agent's turn", { agentId: "a1" }, {}],
    ["a plugin's prompt", { origin: { kind: "plugin", name: "acme" } }, {}],
    ["a scheduled prompt", { origin: { kind: "scheduled-trigger" } }, {}],
    ["an API client's turn", { access: { ...access, surface: "api" } }, {}],
    ["a delegated run", { access: { ...access, surface: "delegated" } }, {}],
    ["an unlinked turn", { access: { ...access, userId: null } }, {}],
    ["a turn in someone else's session", {}, { ownerId: 8 }],
    [
      "an aborted turn",
      { outcome: { turnId: "t1", reason: "aborted", durationMs: 1, answer: "" } },
      {},
    ],
    [
      "a failed turn",
      { outcome: { turnId: "t1", reason: "error", durationMs: 1, answer: "" } },
      {},
    ],
    [
      "a refused turn",
      { outcome: { turnId: "t1", reason: "refusal", durationMs: 1, answer: "" } },
      {},
    ],
  ])("does not offer %s", async (_label, overrides, sessionOverrides) => {
    const decision = offerDecision(await exchange(overrides), { ...session, ...sessionOverrides });
    expect(decision.ok).toBe(false);
  });

  test("does not offer a turn without a model request, nor one whose session is gone", async () => {
    const base = await exchange();
    const { lastRequest: _dropped, ...withoutRequest } = base;
    expect(offerDecision(withoutRequest, session)).toEqual({
      ok: false,
      why: "the turn made no model request",
    });
    expect(offerDecision(base, undefined).ok).toBe(false);
  });
});
