import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { PluginContext } from "@elowen/plugin-api";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { accountAccess, runWithAccess } from "../src/plugins/call-scope/access-scope.js";
import { runInTurn } from "../src/plugins/call-scope/turn-scope.js";
import { PLUGIN_REGISTRATION_ERRORS } from "../src/plugins/context/registration-error.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

let t: TestDaemon;
let ctx: PluginContext;
beforeAll(async () => {
  t = await startTestDaemon({ plugins: ["good"] });
  ctx = (globalThis as { __elowenGoodContext?: PluginContext })
    .__elowenGoodContext as PluginContext;
});
afterAll(() => t.close());

const turn = (sessionId: string, interactive = true) => ({
  sessionId,
  turnId: "t1",
  kind: "interactive" as const,
  interactive,
});

describe("the plugin context", () => {
  test("strings are the manifest's default table; a plugin without strings gets {}", () => {
    expect(ctx.strings).toEqual({ signIn: "Sign in", title: "Items" });
  });

  test("registration is closed once register has returned", () => {
    expect(() =>
      ctx.registerCommand({ kind: "prompt", name: "late", description: "x", prompt: "x" }),
    ).toThrow(/registration is closed/);
    expect(() =>
      ctx.registerCommand({ kind: "prompt", name: "late", description: "x", prompt: "x" }),
    ).toThrow(expect.objectContaining({ code: PLUGIN_REGISTRATION_ERRORS.closed }));
  });

  test("outside any request or turn the current access is unlinked and not an administrator", async () => {
    expect(ctx.currentAccess()).toMatchObject({
      userId: null,
      isAdmin: false,
      surface: "internal",
    });
    expect(await ctx.currentAccountUserId()).toBeNull();
  });

  test("inside a request's access, current access and the command catalog follow it", async () => {
    const user = await t.account("ctx-user");
    const access = accountAccess({ id: user.id, role: "user" }, "cli", []);
    await runWithAccess(access, async () => {
      expect(await ctx.currentAccountUserId()).toBe(user.id);
      const names = (await ctx.chatCommands("cli")).map((c) => c.name);
      expect(names).toContain("greet");
      expect(names).not.toContain("secret");
    });
  });

  test("accountExists answers for real accounts only", async () => {
    expect(await ctx.accountExists(1)).toBe(true);
    expect(await ctx.accountExists(9999)).toBe(false);
  });

  test("admitsNewWork is true while the daemon runs", () => {
    expect(ctx.admitsNewWork()).toBe(true);
  });

  test("turn-bound methods say they are not available outside a turn", async () => {
    await expect(ctx.askUser([])).rejects.toThrow(/ctx\.askUser is not available outside a turn/);
    await expect(ctx.prompt.read()).rejects.toThrow(
      /ctx\.prompt\.read is not available outside a turn/,
    );
    await expect(ctx.agent.list()).rejects.toThrow(/ctx\.agent\.list is not available/);
    await expect(ctx.session.usage()).rejects.toThrow(/ctx\.session\.usage is not available/);
  });

  test("templates registered without operator consent are not served", async () => {
    await expect(ctx.rawTemplate("greeting")).rejects.toThrow();
  });

  test("the skill catalog control answers for the current access", async () => {
    expect(await ctx.skillCatalog.visibleEntries({ invocation: "user" })).toEqual([]);
  });
});

describe("cards", () => {
  test("emitCard is a no-op outside an interactive turn", async () => {
    const session = await t.owner.sessions.create();
    ctx.emitCard({ id: "ignored", title: "x" });
    runInTurn(turn(session.id, false), () => ctx.emitCard({ id: "cron", title: "x" }));
    await t.daemon.host.cards.drain();
    expect((await t.owner.sessions.cards(session.id)).cards).toEqual([]);
  });

  test("inside an interactive turn a card is persisted, replaced by id and removed when empty", async () => {
    const session = await t.owner.sessions.create();
    runInTurn(turn(session.id), () => {
      ctx.emitCard({
        id: "todo",
        title: "Todo",
        items: [{ text: "a", status: "running", startedAt: 1 }],
      });
      ctx.emitCard({ id: "other", title: "Other" });
      ctx.emitCard({
        id: "todo",
        title: "Todo",
        items: [{ text: "a", status: "completed", durationMs: 5 }],
      });
    });
    await t.daemon.host.cards.drain();
    expect((await t.owner.sessions.cards(session.id)).cards).toEqual([
      { id: "todo", title: "Todo", items: [{ text: "a", status: "completed", durationMs: 5 }] },
      { id: "other", title: "Other" },
    ]);
    runInTurn(turn(session.id), () => ctx.emitCard({ id: "todo" }));
    await t.daemon.host.cards.drain();
    expect((await t.owner.sessions.cards(session.id)).cards.map((c) => c.id)).toEqual(["other"]);
  });

  test("an invalid card is refused naming the field", async () => {
    const session = await t.owner.sessions.create();
    expect(() => runInTurn(turn(session.id), () => ctx.emitCard({ id: "", title: "x" }))).toThrow(
      /emitCard: card\.id/,
    );
  });
});

describe("live events", () => {
  test("a subscriber receives card events, and a reconnect with Last-Event-ID replays what it missed", async () => {
    const session = await t.owner.sessions.create();
    const seen: { id: string; type: string }[] = [];
    const first = t.owner.sessions.events(session.id, { onEvent: (e) => seen.push(e) });
    await waitFor(() => t.daemon.host.events.subscriberCount(session.id) === 1);
    runInTurn(turn(session.id), () => ctx.emitCard({ id: "c1", title: "one" }));
    await waitFor(() => seen.length === 1);
    await first.close();
    runInTurn(turn(session.id), () => ctx.emitCard({ id: "c2", title: "two" }));
    await t.daemon.host.cards.drain();
    const resumed: { id: string; type: string; data: unknown }[] = [];
    const second = t.owner.sessions.events(session.id, {
      lastEventId: first.lastEventId() ?? "",
      onEvent: (e) => resumed.push(e),
    });
    await waitFor(() => resumed.length === 1);
    expect(resumed[0]).toMatchObject({ type: "card", data: { card: { id: "c2", title: "two" } } });
    await second.close();
  });

  test("an id from before a restart gets a reset telling the client to reload history", async () => {
    const session = await t.owner.sessions.create();
    const events: { type: string; data: unknown }[] = [];
    const sub = t.owner.sessions.events(session.id, {
      lastEventId: "deadbeef.12",
      onEvent: (e) => events.push(e),
    });
    await waitFor(() => events.length === 1);
    expect(events[0]).toMatchObject({ type: "reset", data: { reason: "restarted" } });
    await sub.close();
  });

  test("another account cannot subscribe to a session it does not own", async () => {
    const session = await t.owner.sessions.create();
    const stranger = await t.account("sse-stranger");
    const errors: unknown[] = [];
    const sub = stranger.client.sessions.events(session.id, {
      onEvent: () => {},
      onError: (e) => errors.push(e),
    });
    await sub.done;
    expect(errors[0]).toMatchObject({ status: 404 });
  });
});

describe("account removal and shutdown", () => {
  test("removing an account runs every registerUserRemoved handler", async () => {
    const user = await t.account("leaving");
    await t.owner.accounts.remove(user.id);
    expect(existsSync(join(ctx.dataDir, `removed-${user.id}`))).toBe(true);
    expect((await t.request("/me", { token: user.token })).status).toBe(401);
  });

  test("the owner cannot be removed", async () => {
    await expect(t.owner.accounts.remove(1)).rejects.toMatchObject({ status: 409 });
  });

  test("a graceful stop stops admitting work, fires plugin.shutdown once, and removes daemon.json", async () => {
    await t.daemon.stop("stop");
    await t.daemon.stop("stop");
    expect(ctx.admitsNewWork()).toBe(false);
    const payload = JSON.parse(readFileSync(join(ctx.dataDir, "shutdown.json"), "utf8"));
    expect(payload.reason).toBe("stop");
    expect(existsSync(join(t.home, "daemon.json"))).toBe(false);
    expect((await t.owner.hookAudit().catch((e: Error) => e)) instanceof Error).toBe(true);
  });
});

async function waitFor(predicate: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !predicate(); i += 1) await new Promise((r) => setTimeout(r, 10));
  if (!predicate()) throw new Error("condition never held");
}
