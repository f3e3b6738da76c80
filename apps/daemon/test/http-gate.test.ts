import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { json } from "./helpers/json.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

let t: TestDaemon;
beforeAll(async () => {
  t = await startTestDaemon({
    config: { server: { bodyLimitBytes: 4096, allowedHosts: ["elowen.example"] } },
  });
});
afterAll(() => t.close());

/** A raw request with a chosen Host header (fetch does not let one set it). */
function withHost(host: string, path: string): Promise<{ status: number; body: string }> {
  const url = new URL(t.daemon.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path,
        setHost: host !== "",
        headers: { ...(host === "" ? {} : { host }), authorization: `Bearer ${t.ownerToken}` },
      },
      (res) => {
        let body = "";
        res.on("data", (c: Buffer) => {
          body += c.toString();
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("authentication", () => {
  test("a request without a token gets 401 and nothing else", async () => {
    const response = await t.request("/brain/status", { token: null });
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual({ error: "unauthorized" });
    expect(response.headers.get("www-authenticate")).toBe("Bearer");
  });

  test("a wrong token and a malformed header get the same 401", async () => {
    for (const headers of [
      { authorization: "Bearer elw_wrongwrongwrongwrongwrongwrongwrongwrongwro" },
      { authorization: "Basic abc" },
    ]) {
      const response = await t.request("/sessions", { token: null, headers });
      expect(response.status).toBe(401);
      expect(await json(response)).toEqual({ error: "unauthorized" });
    }
  });

  test("an unknown route answers 401 to a stranger, so routes cannot be probed", async () => {
    expect((await t.request("/no/such/route", { token: null })).status).toBe(401);
    expect((await t.request("/no/such/route")).status).toBe(404);
  });

  test("health is public, and says ready once every route is served", async () => {
    expect(await json(await t.request("/health", { token: null }))).toEqual({
      ok: true,
      version: "0.30.7",
      ready: true,
    });
  });

  test("a revoked token stops working at once", async () => {
    const user = await t.account("revoked");
    expect((await t.request("/me", { token: user.token })).status).toBe(200);
    const tokens = await t.owner.accounts.tokens(user.id);
    await t.owner.accounts.revokeToken(user.id, tokens[0]?.id ?? 0);
    expect((await t.request("/me", { token: user.token })).status).toBe(401);
  });

  test("a removed account's token stops working at once, though it was just admitted", async () => {
    const user = await t.account("leaving");
    expect((await t.request("/me", { token: user.token })).status).toBe(200);
    expect((await t.request(`/accounts/${user.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await t.request("/me", { token: user.token })).status).toBe(401);
  });

  test("another account's token cannot see or touch a session it does not own", async () => {
    const alice = await t.account("alice");
    const bob = await t.account("bob");
    const session = await alice.client.sessions.create({ title: "private" });
    for (const path of [
      `/sessions/${session.id}`,
      `/sessions/${session.id}/history`,
      `/sessions/${session.id}/cards`,
    ]) {
      const response = await t.request(path, { token: bob.token });
      expect(response.status).toBe(404);
      expect(await json(response)).toEqual({ error: `no session ${session.id}` });
    }
    expect(
      (await t.request(`/sessions/${session.id}`, { token: bob.token, method: "DELETE" })).status,
    ).toBe(404);
    expect((await bob.client.sessions.list()).sessions).toEqual([]);
  });

  test("only the owner creates accounts; a user cannot issue tokens for others", async () => {
    const admin = await t.account("admin", "admin");
    const user = await t.account("user");
    const create = await t.request("/accounts", {
      token: admin.token,
      method: "POST",
      body: JSON.stringify({ name: "x" }),
      headers: { "content-type": "application/json" },
    });
    expect(create.status).toBe(403);
    const issue = await t.request(`/accounts/${admin.id}/tokens`, {
      token: user.token,
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(issue.status).toBe(403);
    expect((await t.request("/accounts", { token: admin.token })).status).toBe(200);
    expect((await t.request("/accounts", { token: user.token })).status).toBe(403);
  });
});

describe("the Host-header check", () => {
  test.each(["localhost", "127.0.0.1", "[::1]:80", "elowen.example", "app.localhost:3000"])(
    "accepts %s",
    async (host) => {
      expect((await withHost(host, "/me")).status).toBe(200);
    },
  );
  test.each(["evil.example", "127.0.0.1.evil.example", "localhost.evil.example:80"])(
    "refuses %s (DNS rebinding)",
    async (host) => {
      const response = await withHost(host, "/me");
      expect(response.status).toBe(403);
      expect(JSON.parse(response.body).error).toMatch(/Host is not allowed/);
    },
  );
});

test("a request without a Host header is refused", async () => {
  expect((await withHost("", "/me")).status).toBe(400);
});

describe("bodies and validation", () => {
  const post = (
    path: string,
    body: string,
    headers: Record<string, string> = { "content-type": "application/json" },
  ) => t.request(path, { method: "POST", body, headers });

  test("a body at the limit is read and one byte past it is refused with 413", async () => {
    const fits = await post("/sessions", JSON.stringify({ title: "a".repeat(100) }));
    expect(fits.status).toBe(201);
    const over = await post("/sessions", JSON.stringify({ title: "a".repeat(4097) }));
    expect(over.status).toBe(413);
    expect((await json(over)).error).toMatch(/larger than the daemon accepts/);
    const exact = `{"title":"${"a".repeat(4096 - 12)}"}`;
    expect(exact.length).toBe(4096);
    expect((await post("/sessions", exact)).status).toBe(400);
    expect((await post("/sessions", `${exact} `)).status).toBe(413);
  });

  test("malformed JSON is a 400 saying so", async () => {
    const response = await post("/sessions", '{"title": ');
    expect(response.status).toBe(400);
    expect((await json(response)).error).toMatch(/not valid JSON/);
  });

  test("an invalid field is a 400 naming its path and rule", async () => {
    const response = await post("/sessions", JSON.stringify({ title: "x".repeat(201) }));
    expect(response.status).toBe(400);
    const body = await json(response);
    expect(body.path).toBe("body.title");
    expect(body.error).toMatch(/^body\.title: /);
  });

  test("an unknown field is refused, naming it", async () => {
    const response = await post("/sessions", JSON.stringify({ title: "x", owner: 1 }));
    expect(response.status).toBe(400);
    expect((await json(response)).error).toMatch(/owner/);
  });

  test("a bad query parameter is a 400 naming it", async () => {
    const response = await t.request("/sessions?limit=201");
    expect(response.status).toBe(400);
    expect((await json(response)).path).toBe("querystring.limit");
  });
});
