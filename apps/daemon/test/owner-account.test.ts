import { readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { ElowenClient } from "@elowen/client";
import { afterEach, describe, expect, test } from "vitest";
import { json } from "./helpers/json.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

let t: TestDaemon | undefined;
/** A daemon started by `restart()`, which owns the data directory from then on. */
let restarted: { close(): Promise<void> } | undefined;
afterEach(async () => {
  await restarted?.close();
  await t?.close();
  t = undefined;
  restarted = undefined;
});

const tokenIn = (home: string) => readFileSync(join(home, "owner.token"), "utf8").trim();
const modeOf = (file: string) => statSync(file).mode & 0o777;

describe("the instance owner", () => {
  test("first start creates the owner (numeric id, role owner) and writes its token to owner.token, mode 0600", async () => {
    t = await startTestDaemon();
    expect(modeOf(join(t.home, "owner.token"))).toBe(0o600);
    const me = await new ElowenClient({ baseUrl: t.url, token: tokenIn(t.home) }).me();
    expect(me.account).toMatchObject({ id: 1, name: "owner", role: "owner" });
  });

  test("a restart keeps the owner and its token file as they were", async () => {
    t = await startTestDaemon();
    const first = tokenIn(t.home);
    const again = await t.restart();
    restarted = again;
    expect(tokenIn(again.home)).toBe(first);
    const { accounts } = await again.owner.accounts.list();
    expect(accounts.filter((a) => a.role === "owner")).toHaveLength(1);
  });

  test("a deleted owner.token is reissued at the next start, mode 0600, and the old token still signs in", async () => {
    t = await startTestDaemon();
    const old = tokenIn(t.home);
    rmSync(join(t.home, "owner.token"));
    const again = await t.restart();
    restarted = again;
    const fresh = tokenIn(again.home);
    expect(fresh).not.toBe(old);
    expect(modeOf(join(again.home, "owner.token"))).toBe(0o600);
    for (const token of [old, fresh]) {
      const me = await new ElowenClient({ baseUrl: again.url, token }).me();
      expect(me.account.role).toBe("owner");
    }
  });
});

describe("accounts and roles", () => {
  test("the owner creates an admin and a user and issues their tokens; each token signs in as its own account", async () => {
    t = await startTestDaemon();
    const admin = await t.account("ada", "admin");
    const user = await t.account("bo");
    expect(admin.id).toBeGreaterThan(1);
    expect((await admin.client.me()).account).toMatchObject({ id: admin.id, role: "admin" });
    expect((await user.client.me()).account).toMatchObject({ id: user.id, role: "user" });
  });

  test("there is one owner: creating an account with the owner role is a 400 naming body.role", async () => {
    t = await startTestDaemon();
    const response = await t.request("/accounts", {
      method: "POST",
      body: JSON.stringify({ name: "second", role: "owner" }),
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(400);
    expect((await json(response)).path).toBe("body.role");
  });

  test("an admin lists accounts but cannot create one, remove one or issue another account's token", async () => {
    t = await startTestDaemon();
    const admin = await t.account("ada", "admin");
    const user = await t.account("bo");
    const as = (path: string, method: string, body?: unknown) =>
      t?.request(path, {
        token: admin.token,
        method,
        ...(body === undefined
          ? {}
          : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
      }) as Promise<Response>;
    expect((await as("/accounts", "GET")).status).toBe(200);
    expect((await as("/accounts", "POST", { name: "x" })).status).toBe(403);
    expect((await as(`/accounts/${user.id}`, "DELETE")).status).toBe(403);
    expect((await as(`/accounts/${user.id}/tokens`, "POST", {})).status).toBe(403);
    expect((await as(`/accounts/${admin.id}/tokens`, "POST", { label: "laptop" })).status).toBe(
      201,
    );
  });

  test("a user reads only itself: /me works, listing accounts and reading another's tokens is 403", async () => {
    t = await startTestDaemon();
    const admin = await t.account("ada", "admin");
    const user = await t.account("bo");
    expect((await t.request("/me", { token: user.token })).status).toBe(200);
    expect((await t.request("/accounts", { token: user.token })).status).toBe(403);
    expect((await t.request(`/accounts/${admin.id}/tokens`, { token: user.token })).status).toBe(
      403,
    );
    expect((await t.request(`/accounts/${user.id}/tokens`, { token: user.token })).status).toBe(
      200,
    );
  });
});
