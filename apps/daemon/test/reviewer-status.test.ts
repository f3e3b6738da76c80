import type { Access } from "@elowen/plugin-api/access";
import type { SkillReviewerStatus } from "@elowen/plugin-api/skills";
import { afterEach, describe, expect, test } from "vitest";
import {
  REVIEWER_STATUS_BUDGET_MS,
  readReviewerStatus,
} from "../src/brain/review/reviewer-status.js";
import { accountAccess, currentAccess } from "../src/plugins/call-scope/access-scope.js";
import { probeRuns, startReviewDaemon, surfaceClient } from "./helpers/review-daemon.js";
import type { TestDaemon } from "./helpers/test-daemon.js";

const SCRIPT = `turns:
  - steps:
      - tools: [{ name: Weather, args: { city: Oslo } }]
      - text: "Sunny."
review: '{"proposals":[]}'
`;

let t: TestDaemon | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function reviewedTurn(daemon: TestDaemon, token: string) {
  const client = surfaceClient(daemon, token, "web");
  const session = await client.sessions.create();
  await client.sessions.submitTurn(session.id, { text: "weather?", waitForSettle: true });
  await daemon.daemon.host.learning.idle();
}

const user = (id: number, grants: readonly string[] = []): Access =>
  accountAccess({ id, role: "user" }, "web", grants);

const GOOD: SkillReviewerStatus = {
  pendingCalls: 3,
  interval: 100,
  totals: { reviews: 2, created: 1, patched: 0, failed: 1 },
  last: { outcome: "failed", at: 1_700_000_000_000, detail: "invalid JSON" },
};

/** Learning as an account sees it before any review, with the review probe serving it. */
const FRESH_PROBE_STATUS = {
  enabled: true,
  budget: 3,
  reviewer: {
    plugin: "acme-review-probe",
    status: {
      pendingCalls: 0,
      interval: 1,
      totals: { reviews: 0, created: 0, patched: 0, failed: 0 },
      last: null,
    },
  },
};

describe("learning status through a real daemon", () => {
  test("shows the account's reviewer status as the reviewer keeps it: after a review, one review and its outcome", async () => {
    t = await startReviewDaemon({ script: SCRIPT });
    const ada = await t.account("ada");
    const learning = t.daemon.host.learning;
    expect(await learning.status(user(ada.id))).toEqual(FRESH_PROBE_STATUS);
    await reviewedTurn(t, ada.token);
    expect(probeRuns(t.home)).toHaveLength(1);
    expect((await learning.status(user(ada.id))).reviewer?.status).toMatchObject({
      totals: { reviews: 1 },
      last: { outcome: "completed" },
    });
    learning.setMaxOps(0);
    expect(await learning.status(user(ada.id))).toMatchObject({ enabled: false, budget: 0 });
  });

  test("a user-grantable reviewer is asked only for an account granted it", async () => {
    t = await startReviewDaemon({ script: SCRIPT, probe: "review-probe-grantable" });
    const ada = await t.account("ada");
    const learning = t.daemon.host.learning;
    expect(await learning.status(user(ada.id))).toEqual({
      enabled: false,
      budget: 3,
      reviewer: null,
    });
    const granted = await learning.status(user(ada.id, ["acme-review-probe-grantable"]));
    expect(granted).toMatchObject({
      enabled: true,
      reviewer: { plugin: "acme-review-probe-grantable", status: { pendingCalls: 0 } },
    });
  });
});

describe("GET /learning/status", () => {
  test("answers the signed-in account's learning status over HTTP, its reviewer's counts moving after a review", async () => {
    t = await startReviewDaemon({ script: SCRIPT });
    const ada = await t.account("ada");
    const client = surfaceClient(t, ada.token, "web");
    expect(await client.learningStatus()).toEqual(FRESH_PROBE_STATUS);
    await reviewedTurn(t, ada.token);
    expect(await client.learningStatus()).toMatchObject({
      reviewer: { status: { totals: { reviews: 1 }, last: { outcome: "completed" } } },
    });
  });

  test("a reviewer not granted to the account is not shown, and a request without a token is refused", async () => {
    t = await startReviewDaemon({ script: SCRIPT, probe: "review-probe-grantable" });
    const ada = await t.account("ada");
    expect(await surfaceClient(t, ada.token, "web").learningStatus()).toEqual({
      enabled: false,
      budget: 3,
      reviewer: null,
    });
    const anonymous = await fetch(`${t.url}/learning/status`);
    expect(anonymous.status).toBe(401);
  });
});

describe("readReviewerStatus", () => {
  const read = (answer: () => unknown) => ({
    plugin: "acme",
    read: answer as () => SkillReviewerStatus,
    inScope: <T>(fn: () => T) => fn(),
  });

  test("returns a well-formed answer as it is, read in the account's scope", async () => {
    let scoped = false;
    const reviewer = {
      plugin: "acme",
      read: (userId: number) => {
        scoped = userId === 7;
        return GOOD;
      },
      inScope: <T>(fn: () => T) => fn(),
    };
    expect(await readReviewerStatus(user(7), reviewer)).toEqual({ plugin: "acme", status: GOOD });
    expect(scoped).toBe(true);
    expect(currentAccess().userId).toBeNull();
  });

  test("an answer out of shape is refused, naming the field and the rule", async () => {
    const negative = { ...GOOD, pendingCalls: -1 };
    expect(
      await readReviewerStatus(
        user(7),
        read(() => negative),
      ),
    ).toEqual({
      plugin: "acme",
      status: null,
      problem: expect.stringMatching(/^status\(userId\) answered out of shape: pendingCalls: /),
    });
    const extra = { ...GOOD, secret: "x" };
    expect(
      (
        await readReviewerStatus(
          user(7),
          read(() => extra),
        )
      ).problem,
    ).toMatch(/secret/);
    const zeroInterval = { ...GOOD, interval: 0 };
    expect(
      (
        await readReviewerStatus(
          user(7),
          read(() => zeroInterval),
        )
      ).problem,
    ).toMatch(/interval/);
    const badOutcome = { ...GOOD, last: { outcome: "pending", at: 1 } };
    expect(
      (
        await readReviewerStatus(
          user(7),
          read(() => badOutcome),
        )
      ).problem,
    ).toMatch(/last\.outcome/);
  });

  test("a status that throws or rejects is reported with its message", async () => {
    const thrown = await readReviewerStatus(
      user(7),
      read(() => {
        throw new Error("state file unreadable");
      }),
    );
    expect(thrown).toEqual({
      plugin: "acme",
      status: null,
      problem: "status(userId) failed: state file unreadable",
    });
    const rejected = await readReviewerStatus(
      user(7),
      read(() => Promise.reject(new Error("no"))),
    );
    expect(rejected.problem).toBe("status(userId) failed: no");
  });

  test("a status that never answers is given up at the budget", async () => {
    expect(REVIEWER_STATUS_BUDGET_MS).toBe(1000);
    const never = await readReviewerStatus(
      user(7),
      read(() => new Promise(() => undefined)),
      20,
    );
    expect(never).toEqual({
      plugin: "acme",
      status: null,
      problem: "status(userId) took longer than 20 ms",
    });
  });

  test("is not asked without an account", async () => {
    let asked = false;
    const unlinked = { ...user(7), userId: null };
    const answer = await readReviewerStatus(
      unlinked,
      read(() => {
        asked = true;
        return GOOD;
      }),
    );
    expect(answer.status).toBeNull();
    expect(asked).toBe(false);
  });
});
