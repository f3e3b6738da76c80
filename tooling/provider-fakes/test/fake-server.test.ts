import { afterEach, describe, expect, test } from "vitest";
import {
  type FakeApi,
  type FakeProvider,
  type FakeTurn,
  ProviderFakeError,
  startAnthropicFake,
  startProviderFake,
} from "../src/index.js";
import { APIS } from "./pi-ai.js";
import { bodyFor, endpointOf, headersFor, post } from "./wire.js";

let fake: FakeProvider | undefined;
afterEach(() => fake?.close());

const OK: FakeTurn = { type: "reply", content: [{ type: "text", text: "ok" }] };

describe.each(APIS)("the %s fake", (api: FakeApi) => {
  test("records every request as received, in arrival order, refused ones included", async () => {
    fake = await startProviderFake(api, { turns: [OK] });
    await (await fetch(`${fake.url}/nowhere?x=1`, { headers: { "x-trace": "a" } })).text();
    await (await post(fake, "not json")).text();
    await (await post(fake)).text();
    expect(
      fake.requests.map(({ index, method, path, turn }) => ({ index, method, path, turn })),
    ).toEqual([
      { index: 0, method: "GET", path: "/nowhere?x=1", turn: undefined },
      { index: 1, method: "POST", path: endpointOf(api), turn: undefined },
      { index: 2, method: "POST", path: endpointOf(api), turn: 0 },
    ]);
    expect(fake.requests[0]?.headers["x-trace"]).toBe("a");
    expect(fake.requests[1]).toMatchObject({ rawBody: "not json", body: undefined });
    expect(fake.requests[2]?.body).toEqual(bodyFor(api));
    expect(fake.requests[2]?.headers).toMatchObject(headersFor(api));
  });

  test("answers an unknown path with 404 in the protocol's error JSON and keeps its turn", async () => {
    fake = await startProviderFake(api, { turns: [OK] });
    const response = await post(fake, bodyFor(api), headersFor(api), "/v1/complete");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Not found: POST /v1/complete");
    expect(fake.remainingTurns).toBe(1);
  });

  test("refuses a request without an API key with 401 and keeps its turn", async () => {
    fake = await startProviderFake(api, { turns: [OK] });
    const response = await post(fake, bodyFor(api), { "content-type": "application/json" });
    expect(response.status).toBe(401);
    expect(response.headers.get("x-should-retry")).toBe("false");
    expect(fake.remainingTurns).toBe(1);
  });

  test("with apiKey set, refuses another key and accepts that one", async () => {
    fake = await startProviderFake(api, { turns: [OK], apiKey: "k" });
    const wrong = { ...headersFor(api) };
    if (api === "anthropic-messages") wrong["x-api-key"] = "other";
    else wrong.authorization = "Bearer other";
    const refused = await post(fake, bodyFor(api), wrong);
    expect(refused.status).toBe(401);
    expect(await refused.text()).not.toContain("other");
    expect((await post(fake)).status).toBe(200);
  });

  test("refuses a request that does not ask to stream", async () => {
    fake = await startProviderFake(api, { turns: [OK] });
    const response = await post(fake, bodyFor(api, { stream: false }));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("streaming requests only");
  });

  test("answers past the script with 400 naming the request, and serves turns enqueued later", async () => {
    fake = await startProviderFake(api);
    const response = await post(fake);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("request #0 has no scripted turn (the script has 0)");
    fake.enqueue(OK);
    expect(fake.remainingTurns).toBe(1);
    expect((await post(fake)).status).toBe(200);
    expect(fake.requests.map((r) => r.turn)).toEqual([undefined, 0]);
  });

  test("accepts a body of exactly maxRequestBytes and refuses one byte more with 413", async () => {
    const body = JSON.stringify(bodyFor(api));
    fake = await startProviderFake(api, { turns: [OK, OK], maxRequestBytes: body.length });
    expect((await post(fake, body)).status).toBe(200);
    const over = await post(fake, `${body} `);
    expect(over.status).toBe(413);
    expect(await over.text()).toContain(`Request exceeds ${body.length} bytes.`);
    expect(fake.remainingTurns).toBe(1);
  });

  test("answers a scripted HTTP error with its status, retry headers and error JSON", async () => {
    fake = await startProviderFake(api, {
      turns: [{ type: "httpError", status: 503, message: "Busy", retry: true, retryAfterMs: 1500 }],
    });
    const response = await post(fake);
    expect(response.status).toBe(503);
    expect(response.headers.get("x-should-retry")).toBe("true");
    expect(response.headers.get("retry-after-ms")).toBe("1500");
    expect(response.headers.get("retry-after")).toBe("2");
    expect(await response.text()).toContain('"message":"Busy"');
  });

  test("sends a scripted error body verbatim", async () => {
    fake = await startProviderFake(api, {
      turns: [{ type: "httpError", status: 500, message: "", body: "<html>Bad gateway</html>" }],
    });
    expect(await (await post(fake)).text()).toBe("<html>Bad gateway</html>");
  });
});

describe("the Anthropic fake's own checks", () => {
  test("refuses a request without anthropic-version", async () => {
    fake = await startAnthropicFake({ turns: [OK] });
    const response = await post(fake, bodyFor("anthropic-messages"), { "x-api-key": "k" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      type: "error",
      error: { type: "invalid_request_error", message: "anthropic-version: header is required" },
    });
  });
});

describe("waiting for requests", () => {
  test("resolves for a request that already arrived and for one that arrives later", async () => {
    fake = await startAnthropicFake({ turns: [OK, OK] });
    await (await post(fake)).text();
    expect((await fake.waitForRequest(0)).turn).toBe(0);
    const later = fake.waitForRequest(1);
    await (await post(fake)).text();
    expect((await later).turn).toBe(1);
  });

  test("rejects a pending wait when the fake closes", async () => {
    fake = await startAnthropicFake();
    const pending = fake.waitForRequest(0);
    await fake.close();
    await expect(pending).rejects.toThrow("the fake closed before request #0");
  });

  test("refuses a negative index", async () => {
    fake = await startAnthropicFake();
    expect(() => fake?.waitForRequest(-1)).toThrow(ProviderFakeError);
  });
});

describe("addresses", () => {
  test.each([
    ["anthropic-messages", ""],
    ["openai-completions", "/v1"],
    ["openai-responses", "/v1"],
  ] as const)("the %s baseUrl is the origin plus %j", async (api, suffix) => {
    fake = await startProviderFake(api);
    expect(fake.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(fake.baseUrl).toBe(fake.url + suffix);
    expect(fake.api).toBe(api);
  });
});
