import { type FakeApi, startProviderFake } from "@elowen/provider-fakes";
import type { Context } from "@mariozechner/pi-ai";
import { describe, expect, test } from "vitest";
import { captureRequest } from "../src/brain/model/captured-request.js";
import { createProviderModel } from "../src/brain/model/provider-model.js";
import { splitSystemPrefix } from "../src/brain/model/system-blocks.js";
import type { ModelProviderName } from "../src/config/model-config.js";
import { closedAfterEach } from "./helpers/closed-after-each.js";
import { startBrainDaemon } from "./helpers/live-events.js";

const KEY = "sk-elowen-test-KEY-0123456789abcdef";
/** Anthropic refuses a request with more cache breakpoints than this. */
const ANTHROPIC_MAX_CACHE_BREAKPOINTS = 4;

const keep = closedAfterEach();

const reply = { type: "reply", content: [{ type: "text", text: "Hello." }] } as const;

/** One turn in each of two new sessions (each has its own workspace), against a fake of `api`. */
async function twoSessions(api: FakeApi, provider: ModelProviderName, id: string) {
  const fake = keep(await startProviderFake(api, { turns: [reply, reply] }));
  const t = keep(
    await startBrainDaemon({
      config: { model: { provider, id, baseUrl: fake.baseUrl, apiKey: KEY } },
    }),
  );
  for (const _ of [0, 1]) {
    const session = await t.owner.sessions.create();
    await t.owner.sessions.submitTurn(session.id, { text: "hi", waitForSettle: true });
  }
  expect(fake.requests).toHaveLength(2);
  return fake.requests.map((r) => ({ raw: r.rawBody, body: r.body as Record<string, unknown> }));
}

const breakpoints = (raw: string) => raw.split('"cache_control"').length - 1;

describe("the system prompt's cache boundary on the wire", () => {
  test("two Anthropic sessions that differ only in workspace send a byte-identical cached first system block and different second ones", async () => {
    const [a, b] = await twoSessions("anthropic-messages", "anthropic", "claude-sonnet-4-5");
    const systemA = a?.body.system as Record<string, unknown>[];
    const systemB = b?.body.system as Record<string, unknown>[];
    expect(systemA).toHaveLength(2);
    expect(systemB).toHaveLength(2);
    const [sharedA, sessionA] = systemA;
    const [sharedB, sessionB] = systemB;
    expect(sharedA).toMatchObject({ type: "text", cache_control: { type: "ephemeral" } });
    // Byte-identical as sent: the block's exact JSON appears in both raw bodies.
    expect(a?.raw).toContain(JSON.stringify(sharedA));
    expect(b?.raw).toContain(JSON.stringify(sharedA));
    expect(JSON.stringify(sharedB)).toBe(JSON.stringify(sharedA));
    expect(String(sharedA?.text)).not.toContain("working directory");
    expect(sessionA).not.toHaveProperty("cache_control");
    expect(String(sessionA?.text)).toMatch(/^Your working directory is /);
    expect(sessionB?.text).not.toBe(sessionA?.text);
    for (const request of [a, b])
      expect(breakpoints(request?.raw ?? "")).toBeLessThanOrEqual(ANTHROPIC_MAX_CACHE_BREAKPOINTS);
  });

  test("two OpenAI sessions send the system prompt as one string that begins with the same shared prefix", async () => {
    const [a, b] = await twoSessions("openai-completions", "openai-completions", "gpt-4.1");
    const systemOf = (body: Record<string, unknown> | undefined) =>
      ((body?.messages ?? []) as { role: string; content: unknown }[])[0]?.content;
    const textA = systemOf(a?.body);
    const textB = systemOf(b?.body);
    expect(typeof textA).toBe("string");
    const shared = String(textA).split("\n\nYour working directory is ")[0] ?? "";
    expect(shared.length).toBeGreaterThan(0);
    expect(String(textB).startsWith(`${shared}\n\nYour working directory is `)).toBe(true);
    expect(textB).not.toBe(textA);
  });
});

const context = (systemPrompt: string): Context => ({
  systemPrompt,
  messages: [{ role: "user", content: "hi", timestamp: 0 }],
  tools: [
    {
      name: "Weather",
      description: "The weather.",
      parameters: { type: "object", properties: {} } as never,
    },
  ],
});

const request = (systemPrefix: string) => ({
  sessionId: "s",
  turnOrdinal: 0,
  step: 0,
  purpose: "turn" as const,
  systemPrefix,
});

async function send(apiKey: string, systemPrompt: string, systemPrefix: string) {
  const fake = keep(await startProviderFake("anthropic-messages", { turns: [reply] }));
  const runtime = createProviderModel(
    {
      provider: "anthropic",
      id: "claude-sonnet-4-5",
      baseUrl: fake.baseUrl,
      apiKey,
      thinking: "off",
      detectTruncation: false,
    },
    {},
  );
  const { captured, options } = captureRequest(
    runtime.model,
    context(systemPrompt),
    {},
    0,
    undefined,
    systemPrefix,
  );
  const stream = runtime.stream(
    runtime.model,
    context(systemPrompt),
    options,
    request(systemPrefix),
  );
  await stream.result();
  const raw = fake.requests[0]?.rawBody ?? "";
  return { raw, body: JSON.parse(raw) as { system: unknown[] }, captured };
}

describe("an Anthropic request with a cache prefix", () => {
  test("the captured request's payload is the split one, byte for byte what was sent", async () => {
    const { raw, body, captured } = await send(KEY, "Shared.\n\nSession.", "Shared.");
    expect(body.system).toEqual([
      { type: "text", text: "Shared.", cache_control: { type: "ephemeral" } },
      { type: "text", text: "Session." },
    ]);
    expect(captured.systemPrefix).toBe("Shared.");
    expect(JSON.stringify(captured.payload)).toBe(raw);
  });

  test("an OAuth request, at Anthropic's 4 cache breakpoints already, stays at 4 with the prefix split off", async () => {
    const { raw, body } = await send("sk-ant-oat-elowen-test", "Shared.\n\nSession.", "Shared.");
    expect(body.system).toHaveLength(3);
    expect(body.system.slice(1)).toEqual([
      { type: "text", text: "Shared.", cache_control: { type: "ephemeral" } },
      { type: "text", text: "Session." },
    ]);
    expect(breakpoints(raw)).toBe(ANTHROPIC_MAX_CACHE_BREAKPOINTS);
  });

  test("a prompt with no session part goes out as one block, as pi-ai builds it", async () => {
    const { body } = await send(KEY, "Shared.", "");
    expect(body.system).toEqual([
      { type: "text", text: "Shared.", cache_control: { type: "ephemeral" } },
    ]);
  });
});

describe("splitSystemPrefix", () => {
  const payload = (text: string) => ({
    system: [{ type: "text", text, cache_control: { type: "ephemeral" } }],
  });

  test("leaves a payload whose system block does not begin with the prefix and a blank line unchanged", () => {
    for (const text of ["Other.\n\nSession.", "Shared.Session.", "Shared.\n\n", "Shared."]) {
      const given = payload(text);
      expect(splitSystemPrefix(given, "Shared.")).toBe(given);
    }
  });

  test("leaves a payload with no system blocks, or an empty prefix, unchanged", () => {
    const none = { messages: [] };
    expect(splitSystemPrefix(none, "Shared.")).toBe(none);
    const given = payload("Shared.\n\nSession.");
    expect(splitSystemPrefix(given, "")).toBe(given);
  });

  test("splits a one-character suffix and does not modify the payload given", () => {
    const given = payload("Shared.\n\nS");
    expect(splitSystemPrefix(given, "Shared.")).toEqual({
      system: [
        { type: "text", text: "Shared.", cache_control: { type: "ephemeral" } },
        { type: "text", text: "S" },
      ],
    });
    expect(given.system).toHaveLength(1);
  });
});
