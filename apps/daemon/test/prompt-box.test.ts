import { PROMPT_BOX_EVENTS } from "@elowen/plugin-api/chains";
import { PROMPT_BOX_REQUEST_ID_PATTERN } from "@elowen/wire";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type BoxClient, openBox } from "./helpers/box-client.js";
import { json } from "./helpers/json.js";
import { scriptFile, toolResults } from "./helpers/live-events.js";
import { startTestDaemon, type TestDaemon, tempHome } from "./helpers/test-daemon.js";

/** The reply timeout these tests run with: a silent client's requests expire after it. */
const TIMEOUT_MS = 300;

let t: TestDaemon;
beforeAll(async () => {
  const home = tempHome();
  const script = scriptFile(
    home,
    `turns:\n  - steps:\n      - tools: [{ name: FillBox, args: { text: " from a tool" } }]\n      - text: "filled"\n`,
  );
  t = await startTestDaemon({
    home,
    plugins: ["box-kit", "box-filler"],
    config: { model: { script }, plugins: { promptBoxTimeoutMs: TIMEOUT_MS } },
  });
});
afterAll(() => t.close());

const post = (path: string, body: unknown, token?: string) =>
  t.request(path, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
    ...(token === undefined ? {} : { token }),
  });
const box = (sessionId: string) => `/sessions/${sessionId}/prompt-box`;
const plugin = async (name: string, route: string, body: unknown) =>
  json(await post(`/plugins/${name}/${route}`, body));
const edit = (text: string, cursor: number, inputText: string) => ({
  origin: { kind: "composer" as const },
  text,
  cursor,
  start: cursor,
  end: cursor,
  inputText,
});

async function withBox<T>(
  options: Parameters<typeof openBox>[2],
  run: (sessionId: string, client: BoxClient) => Promise<T>,
): Promise<T> {
  const session = await t.owner.sessions.create();
  const client = await openBox(t.owner, session.id, options);
  try {
    return await run(session.id, client);
  } finally {
    await client.close();
  }
}

describe("the chains a client's prompt box raises", () => {
  test("names every prompt-box chain a plugin hooks, and none on a daemon without such plugins", async () => {
    const session = await t.owner.sessions.create();
    expect((await t.owner.promptBox.hooked(session.id)).hooked).toEqual([...PROMPT_BOX_EVENTS]);
    const bare = await startTestDaemon();
    try {
      const own = await bare.owner.sessions.create();
      expect(await bare.owner.promptBox.hooked(own.id)).toEqual({ hooked: [] });
      // With no hook the bottom is the engine's own: the splice applied.
      expect(await bare.owner.promptBox.edit(own.id, edit("helo", 3, "l"))).toEqual({
        text: "hello",
        cursor: 4,
      });
    } finally {
      await bare.close();
    }
  });

  test("prompt.edit answers what the hooks made of the edit, with their decorations", async () => {
    const session = await t.owner.sessions.create();
    const answer = await t.owner.promptBox.edit(session.id, edit("fix #bug :", 10, ")"));
    expect(answer).toEqual({
      text: "fix #bug ☺",
      cursor: 10,
      decorations: [{ start: 4, end: 8, color: "cyan", bold: true }],
    });
  });

  test("prompt.change is observed and echoes the text; prompt.autocomplete adds rows for the token", async () => {
    const session = await t.owner.sessions.create();
    const change = { text: "recalled", cursor: 8, origin: { kind: "history" } } as const;
    expect(await t.owner.promptBox.change(session.id, change)).toEqual({ text: "recalled" });
    const { log } = await json(await t.request("/plugins/box-kit/log"));
    expect(log.at(-1)).toEqual({ event: "prompt.change", input: change });
    const rows = await t.owner.promptBox.autocomplete(session.id, {
      text: "fix #to",
      cursor: 7,
      token: "#to",
      start: 4,
    });
    expect(rows).toEqual({
      suggestions: [
        { text: "#today", description: "tag" },
        { text: "#todo", description: "tag" },
      ],
    });
    // The matcher narrows on the token: a word without # reaches no hook.
    const plain = { text: "fix to", cursor: 6, token: "to", start: 4 };
    expect(await t.owner.promptBox.autocomplete(session.id, plain)).toEqual({ suggestions: [] });
  });

  test.each([
    ["edit", { ...edit("abc", 3, "d"), cursor: 4 }, "body.cursor"],
    ["edit", { ...edit("abc", 3, "d"), start: 2, end: 1 }, "body.start"],
    ["edit", { ...edit("abc", 3, "d"), origin: { kind: "plugin", name: "x" } }, "body.origin.kind"],
    ["change", { text: "ab", cursor: 3, origin: { kind: "clear" } }, "body.cursor"],
    ["autocomplete", { text: "fix #to", cursor: 7, token: "#t", start: 4 }, "body.token"],
  ])("refuses a bad %s input with 400 naming the field", async (chain, body, path) => {
    const session = await t.owner.sessions.create();
    const response = await post(`${box(session.id)}/${chain}`, body);
    expect(response.status).toBe(400);
    expect((await json(response)).path).toBe(path);
  });

  test("another account's session is a 404, and no token is a 401", async () => {
    const other = await t.account("box-other");
    const session = await t.owner.sessions.create();
    expect((await t.request(box(session.id), { token: other.token })).status).toBe(404);
    expect((await post(`${box(session.id)}/edit`, edit("a", 1, "b"), other.token)).status).toBe(
      404,
    );
    expect((await t.request(box(session.id), { token: null })).status).toBe(401);
  });
});

describe("a plugin's fill, suggestion and read reach the session's live clients", () => {
  test("a fill is delivered as its chain left it, and the plugin that reads the box gets the box after it", async () => {
    await withBox({ box: { text: "draft", cursor: 5 } }, async (sessionId, client) => {
      const filled = await plugin("box-kit", "fill", {
        sessionId,
        args: {
          text: " due {today}",
          mode: "append",
          decorations: [{ start: 1, end: 4, bold: true }],
        },
      });
      expect(filled).toEqual({ isFilled: true, text: "draft due 2026-10-10", cursor: 20 });
      const [request] = client.requests;
      expect(request?.type).toBe("prompt_fill");
      expect(request?.data.requestId).toMatch(PROMPT_BOX_REQUEST_ID_PATTERN);
      expect(request?.data.input).toEqual({
        text: " due 2026-10-10",
        mode: "append",
        origin: { kind: "plugin", name: "box-kit" },
        decorations: [{ start: 1, end: 4, bold: true }],
      });
      expect(request?.data.expiresAt).toBeGreaterThan(Date.now() - TIMEOUT_MS);
    });
  });

  test("a plugin that never reads the box learns whether the fill landed, not the box", async () => {
    await withBox({ box: { text: "private draft", cursor: 0 } }, async (sessionId, client) => {
      const filled = await plugin("box-filler", "fill", { sessionId, args: { text: "hi " } });
      expect(filled).toEqual({ isFilled: true, text: "", cursor: 0 });
      expect(client.box).toEqual({ text: "hi ", cursor: 3 });
    });
  });

  test("a fill a hook keeps out never reaches the box", async () => {
    await withBox({}, async (sessionId, client) => {
      const filled = await plugin("box-kit", "fill", { sessionId, args: { text: "secret: 42" } });
      expect(filled).toEqual({ isFilled: false, text: "", cursor: 0 });
      expect(client.requests).toEqual([]);
    });
  });

  test("with no client connected a fill is refused no_composer, a suggestion not shown, a read the empty box", async () => {
    const session = await t.owner.sessions.create();
    const sessionId = session.id;
    expect(await plugin("box-kit", "fill", { sessionId, args: { text: "x" } })).toEqual({
      isFilled: false,
      refusal: "no_composer",
      text: "",
      cursor: 0,
    });
    expect(await plugin("box-kit", "suggest", { sessionId, args: { text: "x" } })).toEqual({
      isShown: false,
    });
    expect(await plugin("box-kit", "read", { sessionId })).toEqual({ text: "", cursor: 0 });
  });

  test("a client that never answers is waited on only until the timeout, and a late answer is told 409", async () => {
    await withBox({ silent: true }, async (sessionId, client) => {
      expect(await plugin("box-kit", "fill", { sessionId, args: { text: "x" } })).toMatchObject({
        isFilled: false,
        refusal: "no_composer",
      });
      expect(await plugin("box-kit", "suggest", { sessionId, args: { text: "x" } })).toEqual({
        isShown: false,
      });
      expect(await plugin("box-kit", "read", { sessionId })).toEqual({ text: "", cursor: 0 });
      const late = await post(`${box(sessionId)}/replies/${client.requests[0]?.data.requestId}`, {
        isFilled: true,
        text: "x",
        cursor: 1,
      });
      expect(late.status).toBe(409);
    });
  });

  test("every live client gets the request; the first answer wins and a second is told 409", async () => {
    await withBox({ silent: true }, async (sessionId, first) => {
      const second = await openBox(t.owner, sessionId, { silent: true });
      const reading = plugin("box-kit", "read", { sessionId });
      const [request] = await first.received(1);
      await second.received(1);
      const requestId = request?.data.requestId ?? "";
      expect(second.requests[0]?.data.requestId).toBe(requestId);
      await t.owner.promptBox.reply(sessionId, requestId, { text: "first", cursor: 5 });
      const again = await post(`${box(sessionId)}/replies/${requestId}`, {
        text: "second",
        cursor: 6,
      });
      expect(again.status).toBe(409);
      expect(await reading).toEqual({ text: "first", cursor: 5 });
      await second.close();
    });
  });

  test("a suggestion shows in an empty box after its chain trimmed it, and a blank one never asks", async () => {
    await withBox({}, async (sessionId, client) => {
      expect(
        await plugin("box-kit", "suggest", { sessionId, args: { text: "  run the tests  " } }),
      ).toEqual({ isShown: true });
      expect(client.requests.map((r) => r.data.input)).toEqual([
        { text: "run the tests", origin: { kind: "plugin", name: "box-kit" } },
      ]);
      expect(await plugin("box-kit", "suggest", { sessionId, args: { text: "   " } })).toEqual({
        isShown: false,
      });
      expect(client.requests).toHaveLength(1);
    });
  });

  test("a read answers the box as the client has it", async () => {
    await withBox({ box: { text: "half a thought", cursor: 4 } }, async (sessionId) => {
      expect(await plugin("box-kit", "read", { sessionId })).toEqual({
        text: "half a thought",
        cursor: 4,
      });
    });
  });

  test("a tool's fill in a turn reaches its own session's box without naming it", async () => {
    await withBox({ box: { text: "draft", cursor: 5 } }, async (sessionId, client) => {
      const settled = await t.owner.sessions.submitTurn(sessionId, {
        text: "go",
        waitForSettle: true,
      });
      expect(settled).toMatchObject({ outcome: { reason: "answer", answer: "filled" } });
      expect(client.box).toEqual({ text: "draft from a tool", cursor: 17 });
      const [result] = await toolResults(t.owner, sessionId);
      expect(result?.content).toEqual([
        {
          type: "text",
          text: JSON.stringify({ isFilled: true, text: "draft from a tool", cursor: 17 }),
        },
      ]);
    });
  });

  test("a call with no session to act on, or another account's, is refused naming why", async () => {
    expect(await plugin("box-kit", "read", {})).toEqual({
      error:
        "ctx.prompt.read is not available outside a turn, hook or request of a session: it acts on a session's prompt box; name one with { sessionId }",
    });
    const other = await t.account("box-stranger");
    const theirs = await other.client.sessions.create();
    const response = await post("/plugins/box-kit/read", { sessionId: theirs.id });
    // The owner acts for itself here: another account's session is not its to read.
    expect(await json(response)).toEqual({
      error: `prompt.read: session ${theirs.id} is not the current account's`,
    });
    expect(await plugin("box-kit", "fill", { args: { text: 3 }, sessionId: theirs.id })).toEqual({
      error: "prompt.fill: args.text: Invalid input: expected string, received number",
    });
  });
});

describe("answers to a plugin's request", () => {
  test("an answer of the wrong kind is a 400 naming the expected shape; an unknown id a 404", async () => {
    await withBox({ silent: true }, async (sessionId, client) => {
      const reading = plugin("box-kit", "read", { sessionId });
      const [request] = await client.received(1);
      const url = `${box(sessionId)}/replies/${request?.data.requestId}`;
      const wrong = await post(url, { isShown: true });
      expect(wrong.status).toBe(400);
      expect(await json(wrong)).toEqual({
        error: "this request is a prompt_read: answer it with { text, cursor }",
      });
      expect((await post(url, { text: "ok", cursor: 2 })).status).toBe(200);
      expect(await reading).toEqual({ text: "ok", cursor: 2 });
      const unknown = await post(`${box(sessionId)}/replies/b_${"0".repeat(24)}`, {
        text: "",
        cursor: 0,
      });
      expect(unknown.status).toBe(404);
      const malformed = await post(`${box(sessionId)}/replies/q_1`, { text: "", cursor: 0 });
      expect(malformed.status).toBe(400);
      expect((await json(malformed)).path).toBe("params.requestId");
    });
  });

  test("a caret past the text a client answered is kept inside it", async () => {
    await withBox({ silent: true }, async (sessionId, client) => {
      const reading = plugin("box-kit", "read", { sessionId });
      const [request] = await client.received(1);
      await t.owner.promptBox.reply(sessionId, request?.data.requestId ?? "", {
        text: "ab",
        cursor: 9,
      });
      expect(await reading).toEqual({ text: "ab", cursor: 2 });
    });
  });
});

describe("the OpenAPI document", () => {
  test("describes every prompt-box route with its schemas", async () => {
    const doc = await json(await t.request("/openapi.json"));
    const paths = doc.paths as Record<string, Record<string, { requestBody?: unknown }>>;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        "/sessions/{sessionId}/prompt-box",
        "/sessions/{sessionId}/prompt-box/edit",
        "/sessions/{sessionId}/prompt-box/change",
        "/sessions/{sessionId}/prompt-box/autocomplete",
        "/sessions/{sessionId}/prompt-box/replies/{requestId}",
      ]),
    );
    const editBody = JSON.stringify(
      paths["/sessions/{sessionId}/prompt-box/edit"]?.post?.requestBody,
    );
    expect(editBody).toContain("inputText");
  });
});
