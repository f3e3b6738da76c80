import { type FakeApi, startProviderFake } from "@elowen/provider-fakes";
import { describe, expect, test } from "vitest";
import { MODEL_CONNECTION_ID } from "../src/brain/review/skill-reviews.js";
import { closedAfterEach } from "./helpers/closed-after-each.js";
import { probeRuns, startReviewDaemon, surfaceClient } from "./helpers/review-daemon.js";

const KEY = "sk-elowen-test-KEY-0123456789abcdef";
const DIRECTIVE = "Review the exchange. Answer JSON only.";

const APIS = [
  {
    api: "anthropic-messages",
    provider: "anthropic",
    id: "claude-sonnet-4-5",
    history: "messages",
  },
  { api: "openai-completions", provider: "openai-completions", id: "gpt-4.1", history: "messages" },
  { api: "openai-responses", provider: "openai", id: "gpt-4.1", history: "input" },
] as const;

const keep = closedAfterEach();

/** A body as a prompt cache reads it: the cache breakpoint markers, which move, left out. */
const cacheJson = (value: unknown) =>
  JSON.stringify(value, (key, inner) => (key === "cache_control" ? undefined : inner));

describe.each(APIS)("a skill review on $api, against a wire-compatible server", (api) => {
  test("re-sends the last request's exact prefix, then the final answer and the directive, with the same tools", async () => {
    const fake = keep(
      await startProviderFake(api.api as FakeApi, {
        turns: [
          {
            type: "reply",
            content: [
              { type: "toolCall", id: "call_1", name: "Weather", arguments: { city: "Oslo" } },
            ],
            usage: { input: 100, output: 20 },
          },
          {
            type: "reply",
            content: [{ type: "text", text: "Sunny in Oslo." }],
            usage: { input: 150, output: 10, cacheRead: 400 },
            headers: {
              "anthropic-ratelimit-unified-7d-utilization": "0.97",
              "anthropic-ratelimit-unified-7d-reset": String(Math.floor(Date.now() / 1000) + 3600),
            },
          },
          {
            type: "reply",
            content: [{ type: "text", text: '{"proposals":[]}' }],
            usage: { input: 60, output: 8, cacheRead: 900 },
          },
        ],
      }),
    );
    const t = keep(
      await startReviewDaemon({
        config: {
          model: { provider: api.provider, id: api.id, baseUrl: fake.baseUrl, apiKey: KEY },
        },
      }),
    );
    const ada = await t.account("ada");
    const client = surfaceClient(t, ada.token, "web");
    const session = await client.sessions.create();
    await client.sessions.submitTurn(session.id, { text: "weather?", waitForSettle: true });
    await t.daemon.host.learning.idle();

    expect(probeRuns(t.home)).toMatchObject([
      { outcome: { status: "completed", text: '{"proposals":[]}' } },
    ]);
    expect(fake.requests).toHaveLength(3);
    const source = fake.requests[1]?.body as Record<string, unknown>;
    const review = fake.requests[2]?.body as Record<string, unknown>;
    const { [api.history]: sourceHistory, ...sourceTop } = source;
    const { [api.history]: reviewHistory, ...reviewTop } = review;
    expect(cacheJson(reviewTop)).toBe(cacheJson(sourceTop));
    const inherited = sourceHistory as unknown[];
    const sent = reviewHistory as unknown[];
    expect(sent.slice(0, inherited.length).map(cacheJson)).toEqual(inherited.map(cacheJson));
    const appended = JSON.stringify(sent.slice(inherited.length));
    expect(appended).toContain("Sunny in Oslo.");
    expect(appended).toContain(DIRECTIVE);
    expect(fake.requests[2]?.headers).toMatchObject(
      api.api === "anthropic-messages" ? { "x-api-key": KEY } : { authorization: `Bearer ${KEY}` },
    );

    const [charge] = await t.daemon.host.store.usage.list(ada.id);
    expect(charge).toMatchObject({
      origin: "internal",
      purpose: "skill-review",
      connectionId: MODEL_CONNECTION_ID,
      cacheReadInputTokens: 900,
      outputTokens: 8,
    });
    // Quota evidence is read from the responses already received; an API key is not held to it.
    const pin = t.daemon.host.learning.connections.pin(MODEL_CONNECTION_ID);
    expect(pin && t.daemon.host.learning.quota.current(pin)?.windows[0]?.usedPercent).toBeCloseTo(
      97,
    );
  });
});
