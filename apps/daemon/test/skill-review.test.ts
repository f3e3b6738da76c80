import { afterEach, describe, expect, test } from "vitest";
import { subscribe } from "./helpers/live-events.js";
import { probeRuns, startReviewDaemon, surfaceClient } from "./helpers/review-daemon.js";
import type { TestDaemon } from "./helpers/test-daemon.js";

const SCRIPT = `turns:
  - steps:
      - tools: [{ name: Weather, args: { city: Oslo } }, { name: Weather, args: { city: Bergen } }]
      - text: "Sunny in both."
review: '{"proposals":[]}'
`;

let t: TestDaemon | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function userOn(daemon: TestDaemon, surface: "web" | "cli" | "api") {
  const account = await daemon.account("ada");
  return { ...account, client: surfaceClient(daemon, account.token, surface) };
}

async function turn(
  daemon: TestDaemon,
  client: ReturnType<typeof surfaceClient>,
  text = "weather?",
) {
  const session = await client.sessions.create();
  await client.sessions.submitTurn(session.id, { text, waitForSettle: true });
  await daemon.daemon.host.learning.idle();
  return session;
}

describe("offering settled exchanges to the reviewer", () => {
  test.each(["web", "cli"] as const)(
    "a clean %s turn is offered with its counted calls, the budget, the cadence and the reviewed account's scope",
    async (surface) => {
      t = await startReviewDaemon({ script: SCRIPT });
      const ada = await userOn(t, surface);
      await turn(t, ada.client);
      expect(probeRuns(t.home)).toEqual([
        {
          userId: ada.id,
          successfulToolCalls: 2,
          loadedSkillNames: [],
          budget: 3,
          reviewEveryToolCalls: 100,
          authorize: true,
          budgetNow: 3,
          accessUser: ada.id,
          accountUser: ada.id,
          visible: 0,
          outcome: { status: "completed", text: '{"proposals":[]}' },
          authorizeAfter: true,
          aborted: false,
        },
      ]);
    },
  );

  test("the configured budget, cadence and minimum reach the reviewer", async () => {
    t = await startReviewDaemon({
      script: SCRIPT,
      config: {
        learning: { skillReviewMaxOps: 20, skillReviewEveryToolCalls: 7, skillReviewMinCalls: 2 },
      },
    });
    const ada = await userOn(t, "web");
    await turn(t, ada.client);
    expect(probeRuns(t.home)).toMatchObject([{ budget: 20, reviewEveryToolCalls: 7 }]);
  });

  test("an exchange one call below the minimum is not offered", async () => {
    t = await startReviewDaemon({
      script: SCRIPT,
      config: { learning: { skillReviewMinCalls: 3 } },
    });
    const ada = await userOn(t, "web");
    await turn(t, ada.client);
    expect(probeRuns(t.home)).toEqual([]);
  });

  test("a turn without a successful call, and an API client's turn, are not offered", async () => {
    t = await startReviewDaemon({
      script: `turns:
  - steps: [{ text: "Just words." }]
  - steps:
      - tools: [{ name: Weather, args: { city: Oslo } }]
      - text: "Sunny."
`,
    });
    const web = await userOn(t, "web");
    await turn(t, web.client);
    const api = surfaceClient(t, web.token, "api");
    await turn(t, api);
    expect(probeRuns(t.home)).toEqual([]);
  });

  test("skillReviewMaxOps 0 disables learning, and lowering the live budget reaches a review in flight", async () => {
    t = await startReviewDaemon({ script: SCRIPT, config: { learning: { skillReviewMaxOps: 0 } } });
    const ada = await userOn(t, "web");
    await turn(t, ada.client);
    expect(probeRuns(t.home)).toEqual([]);
    t.daemon.host.learning.setMaxOps(2);
    t.daemon.host.learning.onEvent((event) => {
      if (event.type === "offered") t?.daemon.host.learning.setMaxOps(1);
    });
    await turn(t, ada.client);
    expect(probeRuns(t.home)).toMatchObject([{ budget: 2, budgetNow: 1 }]);
    expect(() => t?.daemon.host.learning.setMaxOps(21)).toThrow(/from 0 to 20, got 21/);
  });
  test("a user-grantable reviewer reviews only the accounts granted it", async () => {
    t = await startReviewDaemon({ script: SCRIPT, probe: "review-probe-grantable" });
    const ada = await userOn(t, "web");
    await turn(t, ada.client);
    expect(probeRuns(t.home, "acme-review-probe-grantable")).toEqual([]);
    await t.owner.accounts.setGrants(ada.id, {
      plugins: ["acme-review-probe-grantable"],
      pluginSkills: true,
    });
    await turn(t, ada.client);
    expect(probeRuns(t.home, "acme-review-probe-grantable")).toHaveLength(1);
  });
});

describe("the reviewer's live authority", () => {
  async function grantedUser(daemon: TestDaemon) {
    const ada = await userOn(daemon, "web");
    await daemon.owner.accounts.setGrants(ada.id, {
      plugins: ["acme-review-probe-grantable"],
      pluginSkills: true,
    });
    return ada;
  }
  const runs = (home: string) => probeRuns(home, "acme-review-probe-grantable");

  test("a grant revoked while the review runs stops authorize() before the next write", async () => {
    t = await startReviewDaemon({ script: SCRIPT, probe: "review-probe-grantable" });
    const ada = await grantedUser(t);
    const owner = t.owner;
    t.daemon.host.learning.onEvent(async (event) => {
      if (event.type === "answered")
        await owner.accounts.setGrants(ada.id, { plugins: [], pluginSkills: true });
    });
    await turn(t, ada.client);
    expect(runs(t.home)).toMatchObject([
      { authorize: true, outcome: { status: "completed" }, authorizeAfter: false },
    ]);
  });

  test("a grant revoked after the offer refuses authorize() and skips the review as revoked, sending nothing", async () => {
    t = await startReviewDaemon({ script: SCRIPT, probe: "review-probe-grantable" });
    const ada = await grantedUser(t);
    const owner = t.owner;
    const dispatched: number[] = [];
    t.daemon.host.learning.onEvent(async (event) => {
      if (event.type === "offered")
        await owner.accounts.setGrants(ada.id, { plugins: [], pluginSkills: true });
      if (event.type === "dispatched") dispatched.push(event.ordinal);
    });
    await turn(t, ada.client);
    expect(runs(t.home)).toMatchObject([
      { authorize: false, outcome: { status: "skipped", reason: "revoked" } },
    ]);
    expect(dispatched).toEqual([]);
  });

  test("a reviewer registered in place of the one offered the exchange does not authorize its writes", async () => {
    t = await startReviewDaemon({ script: SCRIPT });
    const ada = await userOn(t, "web");
    const registry = t.daemon.host.registry;
    t.daemon.host.learning.onEvent((event) => {
      // The same plugin registering again (a reload) is another registration.
      if (event.type === "answered" && registry.reviewer)
        registry.reviewer = { ...registry.reviewer };
    });
    await turn(t, ada.client);
    expect(probeRuns(t.home)).toMatchObject([
      { authorize: true, outcome: { status: "completed" }, authorizeAfter: false },
    ]);
  });
});

describe("the review child", () => {
  test("writes nothing to the parent's transcript, tells its clients nothing and charges the author once, under origin internal", async () => {
    t = await startReviewDaemon({ script: SCRIPT });
    const ada = await userOn(t, "web");
    const session = await ada.client.sessions.create();
    const log = await subscribe(ada.client, session.id);
    await ada.client.sessions.submitTurn(session.id, { text: "weather?", waitForSettle: true });
    await log.next("turn_completed");
    const settledEvents = log.raw.length;
    const settledHistory = (await ada.client.sessions.history(session.id)).entries;
    await t.daemon.host.learning.idle();
    expect(probeRuns(t.home)).toHaveLength(1);
    expect((await ada.client.sessions.history(session.id)).entries).toEqual(settledHistory);
    // Titled from its first message by the turn route; the review changes nothing.
    expect((await ada.client.sessions.get(session.id)).title).toBe("weather?");
    expect(log.raw.length).toBe(settledEvents);
    await log.close();
    const charges = await t.daemon.host.store.usage.list(ada.id);
    expect(charges).toMatchObject([
      {
        accountId: ada.id,
        sessionId: session.id,
        origin: "internal",
        purpose: "skill-review",
        providerId: "offline",
        connectionId: "model",
        generation: 1,
      },
    ]);
    expect(charges[0]?.cacheReadInputTokens).toBeGreaterThan(0);
  });

  test("a review is never offered a review of its own", async () => {
    t = await startReviewDaemon({ script: SCRIPT });
    const ada = await userOn(t, "web");
    const offered: string[] = [];
    t.daemon.host.learning.onEvent((event) => {
      if (event.type === "offered" || event.type === "not-offered") offered.push(event.type);
    });
    await turn(t, ada.client);
    expect(offered).toEqual(["offered"]);
  });

  test("a source that moved on before dispatch is skipped as stale-source", async () => {
    t = await startReviewDaemon({ script: SCRIPT });
    const ada = await userOn(t, "web");
    const session = await ada.client.sessions.create();
    t.daemon.host.learning.onEvent(async (event) => {
      // Another entry on the branch moves the leaf, as the session's next turn would.
      if (event.type === "offered")
        await t?.daemon.host.journal.append(session.id, [
          { kind: "custom", customType: "x", data: {} },
        ]);
    });
    await ada.client.sessions.submitTurn(session.id, { text: "weather?", waitForSettle: true });
    await t.daemon.host.learning.idle();
    expect(probeRuns(t.home)).toMatchObject([
      { outcome: { status: "skipped", reason: "stale-source" } },
    ]);
  });

  test("deleting the source session while the review runs revokes its authority", async () => {
    t = await startReviewDaemon({ script: SCRIPT });
    const ada = await userOn(t, "web");
    const session = await ada.client.sessions.create();
    t.daemon.host.learning.onEvent(async (event) => {
      if (event.type === "answered") await ada.client.sessions.remove(session.id);
    });
    await ada.client.sessions.submitTurn(session.id, { text: "weather?", waitForSettle: true });
    await t.daemon.host.learning.idle();
    expect(probeRuns(t.home)).toMatchObject([
      { authorize: true, outcome: { status: "completed" }, authorizeAfter: false },
    ]);
  });

  test("a review tool call is denied before it runs and fails the review", async () => {
    t = await startReviewDaemon({
      script: `turns:
  - steps:
      - tools: [{ name: Weather, args: { city: Oslo } }]
      - text: "Sunny."
review:
  - tools: [{ name: Pin, args: { text: "from the review" } }]
`,
    });
    const ada = await userOn(t, "web");
    const session = await turn(t, ada.client);
    expect(probeRuns(t.home)).toMatchObject([
      { outcome: { error: expect.stringMatching(/asked to call Pin; tools are denied/) } },
    ]);
    expect(await ada.client.sessions.cards(session.id)).toEqual({ cards: [] });
  });
});

describe("shutdown", () => {
  test("stopping the daemon aborts the review in flight, and a restart does not replay it", async () => {
    t = await startReviewDaemon({ script: SCRIPT });
    const { home } = t;
    const ada = await userOn(t, "web");
    const stopping: Promise<void>[] = [];
    t.daemon.host.learning.onEvent((event) => {
      if (event.type === "offered") stopping.push(t?.daemon.stop() ?? Promise.resolve());
    });
    await ada.client.sessions
      .create()
      .then((s) => ada.client.sessions.submitTurn(s.id, { text: "weather?", waitForSettle: true }));
    await Promise.all(stopping);
    expect(probeRuns(home)).toMatchObject([
      { authorize: false, outcome: { name: "AbortError" }, aborted: true },
    ]);
    await t.close();
    t = await startReviewDaemon({ script: SCRIPT, home });
    await t.daemon.host.learning.idle();
    expect(probeRuns(home)).toHaveLength(1);
  });
});
