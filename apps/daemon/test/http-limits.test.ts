import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { json } from "./helpers/json.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

/**
 * Every cap a route's schema sets, through the real HTTP boundary: the value at the limit is
 * accepted, one past it is a 400 whose `path` names the field and whose `error` starts with it.
 */
let t: TestDaemon;
let sessionId: string;
let userId: number;
beforeAll(async () => {
  t = await startTestDaemon({ plugins: ["good", "grantable"] });
  sessionId = (await t.owner.sessions.create({ title: "limits" })).id;
  userId = (await t.account("limits-user")).id;
});
afterAll(() => t.close());

function send(method: string, path: string, body?: unknown): Promise<Response> {
  return t.request(path, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
  });
}

async function expectRefused(response: Response, path: string): Promise<void> {
  expect(response.status).toBe(400);
  const body = await json(response);
  expect(body.path).toBe(path);
  expect(body.error.startsWith(`${path}: `)).toBe(true);
}

interface Limit {
  readonly field: string;
  readonly method: string;
  readonly url: () => string;
  readonly body: (value: string) => unknown;
  readonly max: number;
  readonly accepted: number;
}

const textLimits: Limit[] = [
  {
    field: "body.name",
    method: "POST",
    url: () => "/accounts",
    body: (v) => ({ name: v }),
    max: 100,
    accepted: 201,
  },
  {
    field: "body.label",
    method: "POST",
    url: () => `/accounts/${userId}/tokens`,
    body: (v) => ({ label: v }),
    max: 100,
    accepted: 201,
  },
  {
    field: "body.title",
    method: "POST",
    url: () => "/sessions",
    body: (v) => ({ title: v }),
    max: 200,
    accepted: 201,
  },
  {
    field: "body.title",
    method: "PATCH",
    url: () => `/sessions/${sessionId}`,
    body: (v) => ({ title: v }),
    max: 200,
    accepted: 200,
  },
  {
    field: "body.args",
    method: "POST",
    url: () => "/commands/pick/action",
    body: (v) => ({ surface: "cli", itemId: "plain", args: v }),
    max: 4000,
    accepted: 200,
  },
  {
    field: "body.itemId",
    method: "POST",
    url: () => "/commands/pick/action",
    body: (v) => ({ surface: "cli", itemId: v }),
    max: 200,
    accepted: 200,
  },
  {
    field: "body.action",
    method: "POST",
    url: () => "/commands/pick/action",
    body: (v) => ({ surface: "cli", itemId: "plain", action: v }),
    max: 40,
    accepted: 200,
  },
];

describe("text fields at their limit and one past it", () => {
  test.each(textLimits.map((l) => [`${l.method} ${l.field} (${l.max})`, l] as const))(
    "%s",
    async (_name, limit) => {
      const at = await send(limit.method, limit.url(), limit.body("a".repeat(limit.max)));
      expect(at.status).toBe(limit.accepted);
      const past = await send(limit.method, limit.url(), limit.body("a".repeat(limit.max + 1)));
      await expectRefused(past, limit.field);
    },
  );

  test("a prompt of 100,000 characters is queued; 100,001 is a 400 naming body.text", async () => {
    const session = await t.owner.sessions.create({ title: "long prompt" });
    const at = await send("POST", `/sessions/${session.id}/turns`, { text: "a".repeat(100_000) });
    expect(at.status).toBeLessThan(300);
    await t.owner.sessions.abort(session.id).catch(() => undefined);
    const past = await send("POST", `/sessions/${session.id}/turns`, {
      text: "a".repeat(100_001),
    });
    await expectRefused(past, "body.text");
  });
});

describe("counts and numbers at their limit and one past it", () => {
  test("a page is 1 to 200 entries: 0 and 201 are 400s naming querystring.limit", async () => {
    for (const ok of [1, 200])
      expect((await send("GET", `/sessions?limit=${ok}`)).status).toBe(200);
    for (const bad of [0, 201])
      await expectRefused(await send("GET", `/sessions?limit=${bad}`), "querystring.limit");
    for (const ok of [1, 200])
      expect((await send("GET", `/sessions/${sessionId}/history?limit=${ok}`)).status).toBe(200);
    await expectRefused(
      await send("GET", `/sessions/${sessionId}/history?limit=201`),
      "querystring.limit",
    );
  });

  test("grants name at most 500 plugins of at most 214 characters each", async () => {
    const url = `/accounts/${userId}/grants`;
    const at = await send("PUT", url, {
      plugins: Array.from({ length: 500 }, () => "acme-grantable"),
      pluginSkills: true,
    });
    expect(at.status).toBe(200);
    expect((await json(at)).plugins).toEqual(["acme-grantable"]);
    await expectRefused(
      await send("PUT", url, {
        plugins: Array.from({ length: 501 }, () => "acme-grantable"),
        pluginSkills: true,
      }),
      "body.plugins",
    );
    // A name at the length limit passes the schema and is then refused as unknown, by index.
    const longName = await send("PUT", url, { plugins: ["a".repeat(214)], pluginSkills: true });
    expect(longName.status).toBe(400);
    expect((await json(longName)).error).toMatch(/^body\.plugins\.0: no plugin named a{214}$/);
    await expectRefused(
      await send("PUT", url, { plugins: ["a".repeat(215)], pluginSkills: true }),
      "body.plugins.0",
    );
  });

  test("a question is answered with 1 to 4 answers, each other text at most 4,000 characters", async () => {
    const url = `/sessions/${sessionId}/questions/q_${"a".repeat(20)}`;
    const answer = { selected: ["x"] };
    // Four answers pass the schema and reach the lookup: no such question is pending.
    expect((await send("POST", url, { answers: Array(4).fill(answer) })).status).toBe(404);
    await expectRefused(await send("POST", url, { answers: [] }), "body.answers");
    await expectRefused(
      await send("POST", url, { answers: Array(5).fill(answer) }),
      "body.answers",
    );
    const other = (n: number) => ({ answers: [{ selected: [], other: "o".repeat(n) }] });
    expect((await send("POST", url, other(4000))).status).toBe(404);
    await expectRefused(await send("POST", url, other(4001)), "body.answers.0.other");
  });

  test("an account id is at most Number.MAX_SAFE_INTEGER: one past it is a 400 naming params.accountId", async () => {
    const max = Number.MAX_SAFE_INTEGER;
    // The largest id passes validation and is then looked up: there is no such account.
    const at = await send("GET", `/accounts/${max}/tokens`);
    expect(at.status).toBe(404);
    expect((await json(at)).error).toBe(`no account ${max}`);
    await expectRefused(
      await send("GET", `/accounts/${BigInt(max) + 1n}/tokens`),
      "params.accountId",
    );
  });

  test("prompt-box offsets are at most the draft's length: the end of the text is taken, one past it is a 400 naming the offset", async () => {
    const box = (segment: string) => `/sessions/${sessionId}/prompt-box/${segment}`;
    const edit = (at: { cursor: number; start: number; end: number }) => ({
      origin: { kind: "composer" },
      text: "hello",
      inputText: "",
      ...at,
    });
    expect((await send("POST", box("edit"), edit({ cursor: 5, start: 5, end: 5 }))).status).toBe(
      200,
    );
    await expectRefused(
      await send("POST", box("edit"), edit({ cursor: 6, start: 5, end: 5 })),
      "body.cursor",
    );
    await expectRefused(
      await send("POST", box("edit"), edit({ cursor: 5, start: 5, end: 6 })),
      "body.end",
    );
    await expectRefused(
      await send("POST", box("edit"), edit({ cursor: 5, start: 4, end: 3 })),
      "body.start",
    );
    const change = (cursor: number) => ({ text: "hello", cursor, origin: { kind: "history" } });
    expect((await send("POST", box("change"), change(5))).status).toBe(200);
    await expectRefused(await send("POST", box("change"), change(6)), "body.cursor");
    const complete = (cursor: number) => ({ text: "a #to", cursor, token: "#to", start: 2 });
    expect((await send("POST", box("autocomplete"), complete(5))).status).toBe(200);
    await expectRefused(await send("POST", box("autocomplete"), complete(6)), "body.cursor");
  });
});
