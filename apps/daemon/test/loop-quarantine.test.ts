import { afterEach, describe, expect, test } from "vitest";
import { json } from "./helpers/json.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

let t: TestDaemon | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function hookCalls(daemon: TestDaemon): Promise<number> {
  return (await json(await daemon.request("/plugins/loop-hog/calls"))).calls;
}

async function turn(daemon: TestDaemon, sessionId: string): Promise<void> {
  await daemon.owner.sessions.submitTurn(sessionId, { text: "hello", waitForSettle: true });
}

describe("a plugin whose hook blocks the event loop past its budget", () => {
  test("is quarantined: named in status and the audit, not called again until an administrator releases it", {
    timeout: 120_000,
  }, async () => {
    t = await startTestDaemon({ plugins: ["loop-hog"] });
    const session = await t.owner.sessions.create();
    await turn(t, session.id);
    expect(await hookCalls(t)).toBe(1);

    const status = await json(await t.request("/brain/status"));
    const hog = status.plugins.find((p: { name: string }) => p.name === "acme-loop-hog");
    expect(hog).toMatchObject({
      state: "loaded",
      reason: expect.stringMatching(/^quarantined: a prompt.submit hook blocked the event loop/),
    });
    const audit = await json(await t.request("/admin/hooks/audit"));
    expect(audit.entries).toContainEqual(
      expect.objectContaining({
        plugin: "acme-loop-hog",
        hook: "prompt.submit",
        outcome: "error",
        detail: expect.stringContaining("quarantined"),
      }),
    );

    await turn(t, session.id);
    expect(await hookCalls(t)).toBe(1);

    const released = await t.request("/admin/plugins/acme-loop-hog/release", { method: "POST" });
    expect(await json(released)).toEqual({ released: true });
    await turn(t, session.id);
    expect(await hookCalls(t)).toBe(2);
    const after = await json(await t.request("/brain/status"));
    expect(
      after.plugins.find((p: { name: string }) => p.name === "acme-loop-hog"),
    ).not.toHaveProperty("reason");
  });

  test("releasing is for administrators, and a plugin not in quarantine is not released", {
    timeout: 60_000,
  }, async () => {
    t = await startTestDaemon({ plugins: ["loop-hog"] });
    const user = await t.account("user");
    const refused = await t.request("/admin/plugins/acme-loop-hog/release", {
      method: "POST",
      token: user.token,
    });
    expect(refused.status).toBe(403);
    const answer = await t.request("/admin/plugins/acme-loop-hog/release", { method: "POST" });
    expect(await json(answer)).toEqual({ released: false });
  });
});
