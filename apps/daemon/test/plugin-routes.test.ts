import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { json } from "./helpers/json.js";
import { rawRequest } from "./helpers/raw-request.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

let t: TestDaemon;
beforeAll(async () => {
  t = await startTestDaemon({ plugins: ["good", "grantable"] });
});
afterAll(() => t.close());

function raw(path: string) {
  return rawRequest(t.daemon.url, path, { authorization: `Bearer ${t.ownerToken}` });
}

describe("plugin routes", () => {
  test("a declared pattern matches; the handler gets params decoded once, an empty path, and no credentials", async () => {
    const response = await raw("/plugins/good/items/hello%20world?owner=me");
    expect(response).toEqual({
      status: 200,
      body: {
        params: { name: "hello world" },
        path: "",
        query: { owner: "me" },
        user: 1,
        auth: null,
      },
    });
  });

  test("a query parameter given twice is a 400 naming it, before any handler runs: a target is never picked for the caller", async () => {
    const response = await raw("/plugins/good/items/x?owner=me&owner=instance");
    expect(response).toEqual({
      status: 400,
      body: {
        error: "query.owner: given more than once; a plugin route takes each query parameter once",
        path: "query.owner",
      },
    });
  });

  test("a literal declaration wins over a parameter in the same place", async () => {
    expect(await raw("/plugins/good/items/special")).toEqual({
      status: 200,
      body: { special: true },
    });
  });

  test("an undeclared suffix is a dispatcher 404 before any handler runs", async () => {
    const response = await raw("/plugins/good/items/hello/extra");
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: "no plugin route GET /plugins/good/items/hello/extra" });
    expect((await raw("/plugins/good/items")).status).toBe(404);
    expect((await raw("/plugins/good/items/")).status).toBe(404);
  });

  test("%2e%2e as a parameter is refused; a double-encoded one arrives decoded exactly once", async () => {
    expect((await raw("/plugins/good/items/%2e%2e")).status).toBe(400);
    expect((await raw("/plugins/good/items/%2E%2E")).status).toBe(400);
    expect(await raw("/plugins/good/items/%252e%252e")).toMatchObject({
      status: 200,
      body: { params: { name: "%2e%2e" } },
    });
  });

  test("an encoded separator in a parameter is refused", async () => {
    const response = await raw("/plugins/good/items/a%2Fb");
    expect(response.status).toBe(400);
    expect((response.body as { error: string }).error).toMatch(
      /path parameter name must be one path segment/,
    );
    expect((await raw("/plugins/good/items/a%5Cb")).status).toBe(400);
    expect((await raw("/plugins/good/items/a%00b")).status).toBe(400);
  });

  test("raw dot segments never reach another route", async () => {
    expect((await raw("/plugins/good/items/../../../sessions")).status).toBe(404);
    expect((await raw("/plugins/good/items/..")).status).toBe(400);
  });

  test("invalid percent-encoding is a 400", async () => {
    expect((await raw("/plugins/good/items/%E0%A4%A")).status).toBe(400);
  });

  test("a POST carries its JSON body and the handler's status", async () => {
    const response = await t.request("/plugins/good/items", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ a: 1 }),
    });
    expect(response.status).toBe(201);
    expect(await json(response)).toEqual({ got: { a: 1 } });
  });

  test("a method the pattern is not declared for is a 404", async () => {
    expect((await t.request("/plugins/good/items/x", { method: "DELETE" })).status).toBe(404);
  });

  test("a handler that throws answers 500 without its message or stack", async () => {
    const response = await raw("/plugins/good/boom");
    expect(response).toEqual({
      status: 500,
      body: { error: "acme-good failed to handle GET /plugins/good/boom" },
    });
    expect(t.lines.some((l) => l.includes("kaboom"))).toBe(true);
  });

  test("an asynchronous handler answers with its status, headers and JSON, in the caller's access and surface", async () => {
    const web = await t.request("/plugins/good/later", { headers: { "x-elowen-surface": "web" } });
    expect(web.status).toBe(202);
    expect(web.headers.get("x-good")).toBe("later");
    expect(await json(web)).toEqual({ user: 1, surface: "web", isAdmin: true });
    // The same token through another surface (and none, which counts as api) is told so.
    const cli = await t.request("/plugins/good/later", { headers: { "x-elowen-surface": "cli" } });
    expect(await json(cli)).toEqual({ user: 1, surface: "cli", isAdmin: true });
    expect(await json(await t.request("/plugins/good/later"))).toEqual({
      user: 1,
      surface: "api",
      isAdmin: true,
    });
  });

  test("an asynchronous handler that rejects answers 500 without its message", async () => {
    const response = await raw("/plugins/good/later-boom");
    expect(response).toEqual({
      status: 500,
      body: { error: "acme-good failed to handle GET /plugins/good/later-boom" },
    });
    expect(t.lines.some((l) => l.includes("later kaboom"))).toBe(true);
  });

  test("a handler may answer with any thenable; one that rejects answers 500", async () => {
    expect(await raw("/plugins/good/thenable")).toEqual({
      status: 200,
      body: { via: "thenable" },
    });
    expect(await raw("/plugins/good/thenable?fail=yes")).toEqual({
      status: 500,
      body: { error: "acme-good failed to handle GET /plugins/good/thenable" },
    });
    expect(t.lines.some((l) => l.includes("thenable kaboom"))).toBe(true);
  });

  test("only the answer's own headers are sent, never inherited ones", async () => {
    const response = await t.request("/plugins/good/inherited");
    expect(response.status).toBe(200);
    expect(response.headers.get("x-own")).toBe("yes");
    expect(response.headers.get("x-inherited")).toBeNull();
  });

  test("a handler cannot widen its caller's access for the requests after it", async () => {
    const user = await t.account("meddled");
    const meddle = await t.request("/plugins/good/meddle", { token: user.token });
    expect(await json(meddle)).toEqual({ grants: "refused", isAdmin: "refused" });
    expect((await t.request("/plugins/grantable/ping", { token: user.token })).status).toBe(403);
    expect((await json(await t.request("/me", { token: user.token }))).grants).toEqual([]);
  });

  test("a declared route without a handler is a 404", async () => {
    expect((await raw("/plugins/good/unhandled")).status).toBe(404);
  });

  test("plugin routes need a token like every route", async () => {
    expect((await t.request("/plugins/good/items/x", { token: null })).status).toBe(401);
  });

  test("a user-grantable plugin's routes answer only granted accounts", async () => {
    const user = await t.account("grantee");
    expect((await t.request("/plugins/grantable/ping", { token: user.token })).status).toBe(403);
    await t.owner.accounts.setGrants(user.id, { plugins: ["acme-grantable"], pluginSkills: true });
    expect(await json(await t.request("/plugins/grantable/ping", { token: user.token }))).toEqual({
      pong: true,
    });
  });

  test("granting an unknown plugin is a 400 naming it", async () => {
    await expect(
      t.owner.accounts.setGrants(1, { plugins: ["nope"], pluginSkills: true }),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/no plugin named nope/),
    });
  });
});
