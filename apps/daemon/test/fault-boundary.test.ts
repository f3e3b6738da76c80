import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { json } from "./helpers/json.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

/**
 * The fault suite's boundary round: hostile requests against the routes that store something.
 * Each gets the right 4xx, nothing is stored, and the daemon goes on serving.
 */
let t: TestDaemon;
beforeAll(async () => {
  t = await startTestDaemon({ config: { server: { bodyLimitBytes: 64 * 1024 } } });
});
afterAll(() => t.close());

async function sessionCount(): Promise<number> {
  return ((await json(await t.request("/sessions"))).sessions as unknown[]).length;
}

function post(body: string, headers: Record<string, string> = {}, token?: string | null) {
  return t.request("/sessions", {
    method: "POST",
    body,
    headers: { "content-type": "application/json", ...headers },
    ...(token === undefined ? {} : { token }),
  });
}

const nested = (depth: number) => `${'{"title":'.repeat(depth)}"x"${"}".repeat(depth)}`;

describe("hostile requests to a storing route: the right 4xx and nothing stored", () => {
  test.each([
    ["no token", () => post("{}", {}, null), 401],
    ["a wrong token", () => post("{}", {}, "elw_wrongwrongwrongwrongwrongwrongwrongwrongwro"), 401],
    ["a cross-site Origin", () => post("{}", { origin: "https://evil.example" }), 403],
    ["malformed JSON", () => post('{"title": "x"'), 400],
    ["a body that is not an object", () => post("[1,2,3]"), 400],
    ["an unknown field", () => post('{"title":"x","owner":1}'), 400],
    ["a __proto__ key", () => post('{"__proto__":{"isAdmin":true},"title":"x"}'), 400],
    ["a constructor.prototype key", () => post('{"constructor":{"prototype":{"x":1}}}'), 400],
    ["a body nested 100,000 deep", () => post(nested(100_000)), 413],
    ["a body nested 1,000 deep under the limit", () => post(nested(1_000)), 400],
    ["an oversize body", () => post(JSON.stringify({ title: "a".repeat(70 * 1024) })), 413],
    [
      "a body of another type",
      () => post("title=x", { "content-type": "application/x-www-form-urlencoded" }),
      415,
    ],
  ])("%s", async (_name, send, status) => {
    const before = await sessionCount();
    const response = await send();
    expect(response.status).toBe(status);
    expect(await sessionCount()).toBe(before);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  test("the daemon goes on serving after all of them", async () => {
    const response = await post('{"title":"fine"}');
    expect(response.status).toBe(201);
    expect((await t.request("/health", { token: null })).status).toBe(200);
  });
});
