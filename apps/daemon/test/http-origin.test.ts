import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { json } from "./helpers/json.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

let t: TestDaemon;
beforeAll(async () => {
  t = await startTestDaemon({
    config: { server: { allowedOrigins: ["https://app.example"] } },
  });
});
afterAll(() => t.close());

function createSession(origin: string | undefined) {
  return t.request("/sessions", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(origin === undefined ? {} : { origin }),
    },
    body: "{}",
  });
}

async function sessionCount(): Promise<number> {
  const body = await json(await t.request("/sessions"));
  return (body.sessions as unknown[]).length;
}

describe("the Origin of state-changing requests", () => {
  test.each([
    ["another site", "https://evil.example"],
    ["an opaque origin", "null"],
    ["the daemon's host on another port", "http://127.0.0.1:1"],
    ["a look-alike of the allowed origin", "https://app.example.evil.example"],
    ["an allowed origin over the wrong scheme", "http://app.example"],
  ])("a valid token from %s is refused with 403 and nothing is stored", async (_, origin) => {
    const before = await sessionCount();
    const response = await createSession(origin);
    expect(response.status).toBe(403);
    expect((await json(response)).error).toMatch(/server\.allowedOrigins/);
    expect(await sessionCount()).toBe(before);
  });

  test.each([
    ["no Origin (the CLI, curl)", undefined],
    ["the daemon's own origin (its web client)", "own"],
    ["a configured origin", "https://app.example"],
  ])("%s may create a session", async (_, origin) => {
    const own = new URL(t.daemon.url).origin;
    const response = await createSession(origin === "own" ? own : origin);
    expect(response.status).toBe(201);
  });

  test("a cross-site Origin on a read is not judged (it changes nothing)", async () => {
    const response = await t.request("/sessions", { headers: { origin: "https://evil.example" } });
    expect(response.status).toBe(200);
  });
});
