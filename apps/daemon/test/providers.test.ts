import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  type FakeApi,
  type FakeProvider,
  type FakeTurn,
  startProviderFake,
} from "@elowen/provider-fakes";
import { parseEntryData } from "@elowen/wire";
import { describe, expect, test } from "vitest";
import { TRUNCATED_STREAM_MESSAGE } from "../src/brain/model/provider-model.js";
import { closedAfterEach } from "./helpers/closed-after-each.js";
import { startBrainDaemon, subscribe, toolResults } from "./helpers/live-events.js";
import { type TestDaemon, tempHome } from "./helpers/test-daemon.js";

const KEY = "sk-elowen-test-KEY-0123456789abcdef";

const APIS = [
  { api: "anthropic-messages", provider: "anthropic", id: "claude-sonnet-4-5" },
  { api: "openai-completions", provider: "openai-completions", id: "gpt-4.1" },
  { api: "openai-responses", provider: "openai", id: "gpt-4.1" },
] as const;

let t: TestDaemon | undefined;
let fake: FakeProvider | undefined;
const keep = closedAfterEach();

function daemon(): TestDaemon {
  if (!t) throw new Error("no daemon");
  return t;
}

async function start(api: (typeof APIS)[number], turns: FakeTurn[], home = tempHome()) {
  fake = keep(await startProviderFake(api.api as FakeApi, { turns }));
  t = keep(
    await startBrainDaemon({
      home,
      config: { model: { provider: api.provider, id: api.id, baseUrl: fake.baseUrl, apiKey: KEY } },
    }),
  );
  const session = await t.owner.sessions.create();
  return { session, home };
}

/** Every byte the daemon wrote to disk (database, WAL, blobs), as text. */
function everythingOnDisk(home: string): string {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name !== "owner.token") out.push(readFileSync(path).toString("latin1"));
    }
  };
  walk(home);
  return out.join("\n");
}

describe.each(APIS)(
  "a configured $provider model ($api) against a wire-compatible server",
  (api) => {
    test("runs a tool call round trip, sums usage with cache reads, and sends the key only to the provider", async () => {
      const { session, home } = await start(api, [
        {
          type: "reply",
          content: [
            { type: "text", text: "Checking." },
            {
              type: "toolCall",
              id: "call_1",
              name: "Weather",
              arguments: { city: "Oslo" },
              chunks: 3,
            },
          ],
          usage: { input: 100, output: 20, cacheRead: 400 },
        },
        {
          type: "reply",
          content: [{ type: "text", text: "Sunny in Oslo." }],
          usage: { input: 150, output: 10, cacheRead: 400 },
        },
      ]);
      const log = await subscribe(daemon().owner, session.id);
      const reply = await daemon().owner.sessions.submitTurn(session.id, {
        text: "weather?",
        waitForSettle: true,
      });
      expect(reply).toMatchObject({
        outcome: {
          reason: "answer",
          answer: "Sunny in Oslo.",
          usage: { inputTokens: 250, outputTokens: 30, cacheReadInputTokens: 800, model: api.id },
        },
      });
      const second = fake?.requests[1]?.rawBody ?? "";
      expect(second).toContain("Oslo: sunny");
      expect(fake?.requests[0]?.rawBody).toContain("weather?");
      expect(JSON.stringify(fake?.requests[0]?.headers)).toContain(KEY);
      await log.next("turn_completed");
      expect(JSON.stringify(log.raw)).not.toContain(KEY);
      expect(daemon().lines.join("\n")).not.toContain(KEY);
      await daemon().close();
      expect(everythingOnDisk(home)).not.toContain(KEY);
      await log.close();
    });

    test("an error mid-stream ends the turn with reason error; the partial text is kept and marked", async () => {
      const { session } = await start(api, [
        {
          type: "reply",
          content: [{ type: "text", text: "Partial answer" }],
          interrupt: { type: "error", message: "upstream overloaded" },
        },
      ]);
      const reply = await daemon().owner.sessions.submitTurn(session.id, {
        text: "go",
        waitForSettle: true,
      });
      expect(reply).toMatchObject({ outcome: { reason: "error" } });
      const entries = (await daemon().owner.sessions.history(session.id)).entries.map((e) =>
        parseEntryData(e),
      );
      const assistant = entries.find((e) => e?.kind === "assistant");
      expect(assistant?.data).toMatchObject({
        partial: true,
        stopReason: "error",
        content: [{ type: "text", text: "Partial answer" }],
      });
      expect(entries.at(-1)).toMatchObject({ kind: "turn_end", data: { reason: "error" } });
    });

    test("a cut stream ends the turn with reason error", async () => {
      const { session } = await start(api, [
        {
          type: "reply",
          content: [{ type: "text", text: "Half of it" }],
          interrupt: { type: "cut" },
        },
      ]);
      const reply = await daemon().owner.sessions.submitTurn(session.id, {
        text: "go",
        waitForSettle: true,
      });
      expect(reply).toMatchObject({ outcome: { reason: "error" } });
    });

    test("a stream that ends without its closing events is an error, not an answer", async () => {
      const { session } = await start(api, [
        {
          type: "reply",
          content: [{ type: "text", text: "Looks complete" }],
          interrupt: { type: "truncate" },
        },
      ]);
      const log = await subscribe(daemon().owner, session.id);
      const reply = await daemon().owner.sessions.submitTurn(session.id, {
        text: "go",
        waitForSettle: true,
      });
      expect(reply).toMatchObject({ outcome: { reason: "error" } });
      const error = await log.next("error");
      if (api.api !== "anthropic-messages")
        expect(error.data).toEqual({
          turnId: expect.any(String),
          code: "stream-truncated",
          message: TRUNCATED_STREAM_MESSAGE,
        });
      await log.close();
    });

    test("a tool call being written shows its own reason as a tool_authoring note before it runs", async () => {
      const { session } = await start(api, [
        {
          type: "reply",
          content: [
            {
              type: "toolCall",
              id: "call_s",
              name: "Survey",
              arguments: { place: "Oslo", why: "Surveying the harbour" },
              chunks: 1,
            },
          ],
          usage: { input: 10, output: 5 },
        },
        {
          type: "reply",
          content: [{ type: "text", text: "Done." }],
          usage: { input: 20, output: 2 },
        },
      ]);
      const log = await subscribe(daemon().owner, session.id);
      await daemon().owner.sessions.submitTurn(session.id, { text: "survey", waitForSettle: true });
      await log.next("turn_completed");
      const notes = log.of("tool_authoring");
      expect(notes.map((e) => e.data.reason)).toEqual(["Surveying the harbour"]);
      expect(notes[0]?.data.callId).toBe(log.of("tool_started")[0]?.data.callId);
      const order = log.events.map((e) => e.type);
      expect(order.indexOf("tool_authoring")).toBeLessThan(order.indexOf("tool_started"));
      await log.close();
    });

    test("session.usage reports the rate-limit windows the provider's response headers carried", async () => {
      const headers: Record<string, string> =
        api.api === "anthropic-messages"
          ? {
              "anthropic-ratelimit-requests-limit": "50",
              "anthropic-ratelimit-requests-remaining": "40",
              "anthropic-ratelimit-requests-reset": "2030-01-01T00:00:00Z",
            }
          : {
              "x-ratelimit-limit-requests": "50",
              "x-ratelimit-remaining-requests": "40",
              "x-ratelimit-reset-requests": "20s",
            };
      const { session } = await start(api, [
        {
          type: "reply",
          content: [{ type: "toolCall", id: "call_u", name: "Usage", arguments: {} }],
          usage: { input: 10, output: 5 },
          headers,
        },
        {
          type: "reply",
          content: [{ type: "text", text: "Done." }],
          usage: { input: 20, output: 2 },
        },
      ]);
      const before = Date.now();
      await daemon().owner.sessions.submitTurn(session.id, { text: "usage?", waitForSettle: true });
      const [result] = await toolResults(daemon().owner, session.id);
      const text = result?.content.find((block) => block.type === "text");
      const { rateLimits } = JSON.parse(text?.type === "text" ? text.text : "{}");
      expect(rateLimits).toEqual([
        { name: "requests", usedPercent: 20, resetsAt: expect.any(Number) },
      ]);
      if (api.api === "anthropic-messages")
        expect(rateLimits[0].resetsAt).toBe(Date.parse("2030-01-01T00:00:00Z"));
      else expect(rateLimits[0].resetsAt).toBeGreaterThanOrEqual(before + 20_000);
    });

    test("a provider error that echoes the key is recorded and sent without it", async () => {
      const { session, home } = await start(api, [
        { type: "httpError", status: 401, message: `invalid x-api-key ${KEY}` },
      ]);
      const log = await subscribe(daemon().owner, session.id);
      const reply = await daemon().owner.sessions.submitTurn(session.id, {
        text: "go",
        waitForSettle: true,
      });
      expect(reply).toMatchObject({ outcome: { reason: "error" } });
      const error = await log.next("error");
      expect(error.data.message).toContain("[redacted]");
      expect(JSON.stringify(log.raw)).not.toContain(KEY);
      await log.close();
      await daemon().close();
      expect(everythingOnDisk(home)).not.toContain(KEY);
    });
  },
);
