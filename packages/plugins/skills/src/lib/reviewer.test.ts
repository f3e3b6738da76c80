import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { SKILL_REVIEW_DEFAULT_INTERVAL } from "@elowen/plugin-api/limits";
import { ATOMIC_JSON_TOO_LARGE } from "@elowen/plugin-shared/atomicJson";
import { describe, expect, test } from "vitest";
import { create, reviewArgs, reviewScript } from "../../test/review-script.js";
import { startPlugin } from "../../test/start-plugin.js";
import type { TestHost } from "../../test/test-host.js";
import { REVIEW_DETAIL_MAX_CHARS, REVIEW_STATE_MAX_BYTES } from "./limits.js";
import { REVIEWER_STATE_INVALID } from "./reviewer-state.js";

async function reviewer(now = 1_700_000_000_000) {
  const started = await startPlugin({ now: () => now });
  const registration = started.host.reviewers[0];
  if (!registration) throw new Error("no reviewer registered");
  return { ...started, registration, status: () => registration.status(7) };
}

describe("registration", () => {
  test("registers contract version 2 with run and status", async () => {
    const { host, parts } = await startPlugin();
    expect(host.reviewers).toEqual([
      { contractVersion: 2, run: parts.reviewer.run, status: parts.reviewer.status },
    ]);
  });
});

describe("cadence", () => {
  test(`makes no request below the default cadence of ${SKILL_REVIEW_DEFAULT_INTERVAL} and reviews at it`, async () => {
    const { registration, status } = await reviewer();
    const script = reviewScript({ proposals: [] });
    await registration.run(reviewArgs({ successfulToolCalls: 60, review: script.review }));
    await registration.run(reviewArgs({ successfulToolCalls: 39, review: script.review }));
    expect(script.directives).toEqual([]);
    expect(await status()).toMatchObject({ pendingCalls: 99, interval: 100, last: null });
    await registration.run(reviewArgs({ successfulToolCalls: 1, review: script.review }));
    expect(script.directives).toHaveLength(1);
    expect(await status()).toEqual({
      pendingCalls: 0,
      interval: 100,
      totals: { reviews: 1, created: 0, patched: 0, failed: 0 },
      last: { outcome: "completed", at: 1_700_000_000_000, detail: "created 0, patched 0" },
    });
  });

  test("makes no request with a zero budget and keeps the count at the threshold", async () => {
    const { registration, status } = await reviewer();
    await registration.run(reviewArgs({ successfulToolCalls: 250, budget: 0 }));
    expect(await status()).toMatchObject({ pendingCalls: 100, last: null });
  });

  test("a skipped review writes nothing, keeps the count at the threshold and records no run", async () => {
    const { registration, status, host } = await reviewer();
    const reloads = host.catalog.reloads;
    const script = reviewScript(
      { status: "skipped", reason: "quota" },
      { proposals: [create("later")] },
    );
    await registration.run(reviewArgs({ successfulToolCalls: 130, review: script.review }));
    expect(await status()).toEqual({
      pendingCalls: 100,
      interval: 100,
      totals: { reviews: 0, created: 0, patched: 0, failed: 0 },
      last: null,
    });
    expect(host.catalog.reloads).toBe(reloads);
    // The next eligible exchange brings a new source and reviews at once.
    await registration.run(reviewArgs({ successfulToolCalls: 1, review: script.review }));
    expect(await status()).toMatchObject({ pendingCalls: 0, totals: { created: 1 } });
  });

  test("changes nothing when authority is refused before the exchange counts", async () => {
    const { registration, status } = await reviewer();
    await registration.run(reviewArgs({ successfulToolCalls: 40, authorize: async () => false }));
    expect(await status()).toMatchObject({ pendingCalls: 0 });
  });

  test("saved interval, minimum and budget apply and survive every state write", async () => {
    const { registration, status, parts } = await reviewer();
    await parts.reviewer.saveSettings(7, { interval: 10, minimum: 5, budget: 1 });
    const script = reviewScript({ proposals: [create("one"), create("two")] });
    await registration.run(reviewArgs({ successfulToolCalls: 4, review: script.review }));
    expect(await status()).toMatchObject({ pendingCalls: 0, interval: 10 });
    await registration.run(reviewArgs({ successfulToolCalls: 10, review: script.review }));
    expect(await status()).toMatchObject({ totals: { created: 1 }, interval: 10 });
    expect(await parts.reviewer.saveSettings(7, { minimum: null })).toEqual({
      interval: 10,
      budget: 1,
    });
  });

  test("refuses settings out of range, naming the field", async () => {
    const { parts } = await reviewer();
    await expect(parts.reviewer.saveSettings(7, { budget: 21 })).rejects.toThrow(
      "settings.budget must be an integer from 0 to 20, received 21",
    );
    await expect(parts.reviewer.saveSettings(7, { interval: 0 })).rejects.toThrow(
      "settings.interval must be an integer from 1 to 100000",
    );
  });

  test("handles one account's exchanges one at a time, in order", async () => {
    const { registration } = await reviewer();
    const events: string[] = [];
    let release: () => void = () => undefined;
    let reached: () => void = () => undefined;
    const blocked = new Promise<void>((resolve) => {
      release = resolve;
    });
    const inReview = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const first = registration.run(
      reviewArgs({
        review: async () => {
          events.push("first review");
          reached();
          await blocked;
          return { status: "completed", text: '{"proposals":[]}' };
        },
      }),
    );
    const second = registration.run(
      reviewArgs({
        successfulToolCalls: 1,
        authorize: async () => {
          events.push("second authorize");
          return true;
        },
      }),
    );
    await inReview;
    // Without the queue the second exchange would have authorized long before the first review.
    for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(["first review"]);
    release();
    await Promise.all([first, second]);
    expect(events).toEqual(["first review", "second authorize"]);
  });

  test("invalid persisted state fails without rewriting its bytes", async () => {
    const { registration, status, dataDir } = await reviewer();
    const path = join(dataDir, "reviewer", "7.json");
    const { mkdir } = await import("node:fs/promises");
    await mkdir(join(dataDir, "reviewer"), { recursive: true });
    for (const bytes of [
      '{"version":1}',
      "{not json",
      '{"version":1,"pendingCalls":-1,"interval":100,"settings":{},"totals":{"reviews":0,"created":0,"patched":0,"failed":0},"last":null}',
    ]) {
      await writeFile(path, bytes);
      await expect(registration.run(reviewArgs())).rejects.toBeDefined();
      await expect(status()).rejects.toBeDefined();
      expect(await readFile(path, "utf8")).toBe(bytes);
    }
    await writeFile(path, '{"version":1}');
    await expect(status()).rejects.toMatchObject({ code: REVIEWER_STATE_INVALID });
  });

  test(`reads a state file of ${REVIEW_STATE_MAX_BYTES} bytes and refuses one byte more, unchanged`, async () => {
    const { status, dataDir } = await reviewer();
    const path = join(dataDir, "reviewer", "7.json");
    const { mkdir } = await import("node:fs/promises");
    await mkdir(join(dataDir, "reviewer"), { recursive: true });
    const state = (padding: number) =>
      `{"version":1,"pendingCalls":3,"interval":100,"settings":{},"totals":{"reviews":0,"created":0,"patched":0,"failed":0},"last":null}${" ".repeat(padding)}`;
    const base = Buffer.byteLength(state(0));
    await writeFile(path, state(REVIEW_STATE_MAX_BYTES - base));
    expect(await status()).toMatchObject({ pendingCalls: 3 });
    const tooLarge = state(REVIEW_STATE_MAX_BYTES - base + 1);
    await writeFile(path, tooLarge);
    await expect(status()).rejects.toMatchObject({ code: ATOMIC_JSON_TOO_LARGE });
    expect(await readFile(path, "utf8")).toBe(tooLarge);
  });

  test(`clips the recorded detail to ${REVIEW_DETAIL_MAX_CHARS} characters`, async () => {
    const { registration, status } = await reviewer();
    const proposals = Array.from({ length: 30 }, (_, i) =>
      create(`bad-${i}`, "password = hunter2hunter2"),
    );
    await registration.run(reviewArgs({ review: reviewScript({ proposals }).review }));
    const detail = (await status()).last?.detail ?? "";
    expect(detail).toHaveLength(REVIEW_DETAIL_MAX_CHARS);
    expect(detail.startsWith('created 0, patched 0; refused: "bad-0" contains')).toBe(true);
  });

  test("refuses malformed arguments as a programming error", async () => {
    const { registration } = await reviewer();
    await expect(async () => registration.run(reviewArgs({ userId: 0 }))).rejects.toThrow(
      "userId must be a positive integer",
    );
    await expect(async () => registration.run(reviewArgs({ budget: -1 }))).rejects.toThrow(
      "budget must be a non-negative integer",
    );
  });
});

describe("removing an account", () => {
  test("deletes its personal folder, forgets its counter and reloads", async () => {
    const { host, registration, status, dataDir } = await reviewer();
    await registration.run(
      reviewArgs({ review: reviewScript({ proposals: [create("mine")] }).review }),
    );
    await registration.run(reviewArgs({ successfulToolCalls: 7 }));
    expect(await status()).toMatchObject({ pendingCalls: 7 });
    await removeAccount(host, 7);
    expect(await status()).toMatchObject({ pendingCalls: 0, totals: { created: 0 } });
    await expect(
      readFile(join(dataDir, "personal", "7", "mine", "SKILL.md")),
    ).rejects.toMatchObject({ code: "ENOENT" });
    expect(host.catalog.skills.map((s) => s.name)).not.toContain("mine");
  });
});

async function removeAccount(host: TestHost, userId: number): Promise<void> {
  for (const handler of host.userRemoved) await handler(userId);
}
