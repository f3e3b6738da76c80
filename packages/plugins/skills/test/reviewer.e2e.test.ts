import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { stringify } from "yaml";
import { type Account, type SkillsDaemon, skillFile, startSkillsDaemon, turn } from "./daemon.js";

let t: SkillsDaemon | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const LIST = [{ tools: [{ name: "ListSkills", args: {} }] }, { text: "Listed." }];
const LOAD = (name: string) => [
  { tools: [{ name: "SkillLoad", args: { name } }] },
  { text: "Loaded." },
];
const create = (name: string, content = `Steps for ${name}.`) => ({
  action: "create",
  name,
  description: `Use when ${name.replaceAll("-", " ")} is needed.`,
  content,
});
const proposals = (...items: object[]) => JSON.stringify({ proposals: items });

/** A daemon whose turns (each session's n-th turn plays `turns[n]`) are reviewed after every call. */
async function reviewed(reviews: string[], turns: object[][] = [LIST]) {
  t = await startSkillsDaemon({
    script: stringify({ turns: turns.map((steps) => ({ steps })), review: reviews }),
    config: { learning: { skillReviewEveryToolCalls: 1 } },
  });
  return t;
}

/** The reviewer's persisted state of an account. */
function reviewerState(daemon: SkillsDaemon, who: Account) {
  return JSON.parse(readFileSync(join(daemon.dataDir, "reviewer", `${who.id}.json`), "utf8"));
}

async function listed(daemon: SkillsDaemon, who: Account) {
  const { json } = await daemon.request(who, "GET", "/plugins/skills/list");
  return json.skills as { name: string; catalogSource: string; revision?: number }[];
}

/**
 * Two turns in one session: the first's review creates `weather-brief`; the second loads it and
 * its review proposes `content` as a patch. `beforeWrite` runs once that second review answered,
 * before the reviewer writes.
 */
async function createThenPatch(
  content: string,
  beforeWrite?: (daemon: SkillsDaemon) => Promise<void>,
): Promise<SkillsDaemon> {
  const daemon = await reviewed(
    [
      proposals(create("weather-brief")),
      proposals({ action: "patch", name: "weather-brief", content }),
    ],
    [LIST, LOAD("weather-brief")],
  );
  const { session } = await turn(daemon, daemon.ada, "list");
  if (beforeWrite)
    daemon.daemon.host.learning.onEvent(async (event) => {
      if (event.type === "answered") await beforeWrite(daemon);
    });
  await daemon.ada.client.sessions.submitTurn(session.id, { text: "load it", waitForSettle: true });
  await daemon.daemon.host.learning.idle();
  return daemon;
}

describe("the post-turn skill reviewer end to end", () => {
  test("a reviewed exchange creates a personal skill that appears in the account's catalog and menu only", async () => {
    const daemon = await reviewed([proposals(create("weather-brief"))]);
    await turn(daemon, daemon.ada, "what skills do I have?");
    expect(
      (await listed(daemon, daemon.ada)).find((s) => s.name === "weather-brief"),
    ).toMatchObject({
      catalogSource: "personal",
    });
    expect((await listed(daemon, daemon.bob)).some((s) => s.name === "weather-brief")).toBe(false);
    const menu = (await daemon.ada.client.commands("web")).commands;
    expect(menu.find((c) => c.name === "weather-brief")).toMatchObject({
      target: "/skill:weather-brief",
    });
    expect(skillFile(daemon, daemon.ada.id, "weather-brief")).toContain("Steps for weather-brief.");
    expect(reviewerState(daemon, daemon.ada)).toMatchObject({
      pendingCalls: 0,
      totals: { reviews: 1, created: 1, patched: 0, failed: 0 },
      last: { outcome: "completed", detail: "created 1, patched 0" },
    });
    const [charge] = await daemon.daemon.host.store.usage.list(daemon.ada.id);
    expect(charge).toMatchObject({ origin: "internal", purpose: "skill-review" });
  });

  test("an empty proposal list is a completed review that writes nothing", async () => {
    const daemon = await reviewed([proposals()]);
    await turn(daemon, daemon.ada, "list");
    expect(reviewerState(daemon, daemon.ada).last).toMatchObject({ outcome: "completed" });
    expect(existsSync(join(daemon.dataDir, "personal", String(daemon.ada.id)))).toBe(false);
  });

  test("a skill the reviewer wrote and this exchange loaded is patched at its offered revision", async () => {
    const daemon = await createThenPatch("Check two sources first.");
    expect(skillFile(daemon, daemon.ada.id, "weather-brief")).toContain("Check two sources first.");
    expect(reviewerState(daemon, daemon.ada).totals).toMatchObject({ created: 1, patched: 1 });
  });
});

describe("a skipped review", () => {
  test("no free runner skips it: nothing written, the count stays at the threshold and no run is recorded; the next exchange reviews", async () => {
    const daemon = await reviewed([proposals(create("weather-brief"))]);
    const { learning } = daemon.daemon.host;
    const skips: string[] = [];
    learning.onEvent((event) => {
      if (event.type === "skipped") skips.push(event.reason);
    });
    const release = learning.runners.tryAdmit();
    await turn(daemon, daemon.ada, "list");
    expect(skips).toEqual(["runner-unavailable"]);
    expect(skillFile(daemon, daemon.ada.id, "weather-brief")).toBeUndefined();
    expect(reviewerState(daemon, daemon.ada)).toMatchObject({
      pendingCalls: 1,
      interval: 1,
      totals: { reviews: 0, created: 0, patched: 0, failed: 0 },
      last: null,
    });
    release?.();
    await turn(daemon, daemon.ada, "list again");
    expect(skips).toEqual(["runner-unavailable"]);
    expect(skillFile(daemon, daemon.ada.id, "weather-brief")).toContain("Steps for weather-brief.");
    expect(reviewerState(daemon, daemon.ada)).toMatchObject({
      pendingCalls: 0,
      totals: { reviews: 1, created: 1 },
      last: { outcome: "completed" },
    });
  });
});

describe("the reviewer's refusals", () => {
  test("stale revision: a person's edit between the review and its write wins", async () => {
    const daemon = await createThenPatch("The reviewer's rewrite.", async (d) => {
      const answer = await d.request(d.ada, "PATCH", "/plugins/skills/weather-brief?owner=me", {
        content: "The person's own steps.",
      });
      expect(answer.status).toBe(200);
    });
    expect(skillFile(daemon, daemon.ada.id, "weather-brief")).toContain("The person's own steps.");
    expect(reviewerState(daemon, daemon.ada).last.detail).toMatch(/patched 0; refused: .*revision/);
  });

  test("revoked authority: the source session deleted while the review runs, nothing is written", async () => {
    const daemon = await reviewed([proposals(create("weather-brief"))]);
    const session = await daemon.ada.client.sessions.create();
    daemon.daemon.host.learning.onEvent(async (event) => {
      if (event.type === "answered") await daemon.ada.client.sessions.remove(session.id);
    });
    await daemon.ada.client.sessions.submitTurn(session.id, { text: "list", waitForSettle: true });
    await daemon.daemon.host.learning.idle();
    expect(skillFile(daemon, daemon.ada.id, "weather-brief")).toBeUndefined();
    expect(reviewerState(daemon, daemon.ada).last.detail).toBe(
      "created 0, patched 0; stopped: authority was revoked",
    );
  });

  test("lowered budget: a budget lowered while the review runs caps its writes", async () => {
    const daemon = await reviewed([
      proposals(create("first-steps"), create("second-steps"), create("third-steps")),
    ]);
    daemon.daemon.host.learning.onEvent((event) => {
      if (event.type === "answered") daemon.daemon.host.learning.setMaxOps(1);
    });
    await turn(daemon, daemon.ada, "list");
    expect(skillFile(daemon, daemon.ada.id, "first-steps")).toBeDefined();
    expect(skillFile(daemon, daemon.ada.id, "second-steps")).toBeUndefined();
    expect(reviewerState(daemon, daemon.ada).last.detail).toBe(
      "created 1, patched 0; stopped: the write budget was reached",
    );
  });

  test("the captured budget caps a review's writes at its limit", async () => {
    const daemon = await startSkillsDaemon({
      script: stringify({
        turns: [{ steps: LIST }],
        review: [proposals(create("one-a"), create("two-b"), create("three-c"))],
      }),
      config: { learning: { skillReviewEveryToolCalls: 1, skillReviewMaxOps: 2 } },
    });
    t = daemon;
    await turn(daemon, daemon.ada, "list");
    const written = ["one-a", "two-b", "three-c"].map((name) =>
      skillFile(daemon, daemon.ada.id, name),
    );
    expect(written.map((file) => file !== undefined)).toEqual([true, true, false]);
  });

  test("invalid JSON fails the review before any write", async () => {
    const daemon = await reviewed([`Here is what I found: ${proposals(create("weather-brief"))}`]);
    await turn(daemon, daemon.ada, "list");
    expect(skillFile(daemon, daemon.ada.id, "weather-brief")).toBeUndefined();
    expect(reviewerState(daemon, daemon.ada)).toMatchObject({
      totals: { failed: 1, created: 0 },
      last: { outcome: "failed", detail: expect.stringContaining("not valid JSON") },
    });
  });

  test("a secret in a proposal refuses that proposal; the others are written", async () => {
    const daemon = await reviewed([
      proposals(
        create("aws-deploy", "Export AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE and deploy."),
        create("safe-deploy", "Read the key from the vault, then deploy."),
      ),
    ]);
    await turn(daemon, daemon.ada, "list");
    expect(skillFile(daemon, daemon.ada.id, "aws-deploy")).toBeUndefined();
    expect(skillFile(daemon, daemon.ada.id, "safe-deploy")).toBeDefined();
    expect(reviewerState(daemon, daemon.ada).last.detail).toContain(
      '"aws-deploy" contains an AWS access key',
    );
  });

  test("a review that asks for a tool fails without running it", async () => {
    t = await startSkillsDaemon({
      script: stringify({
        turns: [{ steps: LIST }],
        review: [{ tools: [{ name: "DeleteSkill", args: { name: "skill-authoring" } }] }],
      }),
      config: { learning: { skillReviewEveryToolCalls: 1 } },
    });
    await turn(t, t.ada, "list");
    expect((await listed(t, t.ada)).some((s) => s.name === "skill-authoring")).toBe(true);
    expect(reviewerState(t, t.ada).last).toMatchObject({
      outcome: "failed",
      detail: expect.stringContaining("tools are denied in a review"),
    });
  });

  test("skillReviewMaxOps 0 disables learning: no review request, no state", async () => {
    t = await startSkillsDaemon({
      script: stringify({ turns: [{ steps: LIST }], review: [proposals(create("never-made"))] }),
      config: { learning: { skillReviewEveryToolCalls: 1, skillReviewMaxOps: 0 } },
    });
    await turn(t, t.ada, "list");
    expect(existsSync(join(t.dataDir, "reviewer", `${t.ada.id}.json`))).toBe(false);
    expect(await t.daemon.host.store.usage.list(t.ada.id)).toEqual([]);
  });
});

describe("removing an account", () => {
  test("deletes its personal folder and forgets its reviewer counter", async () => {
    const daemon = await reviewed([proposals(create("weather-brief"))]);
    await turn(daemon, daemon.ada, "list");
    expect(skillFile(daemon, daemon.ada.id, "weather-brief")).toBeDefined();
    const answer = await daemon.request(daemon.owner, "DELETE", `/accounts/${daemon.ada.id}`);
    expect(answer.status).toBe(200);
    expect(existsSync(join(daemon.dataDir, "personal", String(daemon.ada.id)))).toBe(false);
    expect(existsSync(join(daemon.dataDir, "reviewer", `${daemon.ada.id}.json`))).toBe(false);
  });
});
