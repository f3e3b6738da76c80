import { SKILL_REVIEW_QUOTA_WINDOW_MINUTES } from "@elowen/plugin-api/limits";
import { describe, expect, test } from "vitest";
import { reviewClosure } from "../src/brain/review/review-closure.js";
import { REVIEW_ERRORS } from "../src/brain/review/review-error.js";
import { ReviewRunnerPool } from "../src/brain/review/runner-pool.js";
import { NOW, type ReviewFixture, reviewFixture } from "./helpers/review-fixture.js";

const SCRIPT = `turns:
  - steps:
      - text: "Deployed: the smoke tests pass."
review: '{"proposals":[]}'
`;
const DIRECTIVE = "Review the exchange above. Answer JSON only.";

const dispatched = (f: ReviewFixture) => f.events.filter((e) => e.type === "dispatched").length;

/** Records high fresh weekly usage for the fixture's connection. */
function quotaAt(usedPercent: number) {
  return (f: ReviewFixture) => {
    const deps = f.deps();
    const pin = f.connections.pin("model");
    if (!pin) throw new Error("no connection");
    deps.quota.record(pin, {
      observedAt: NOW,
      windows: [
        { windowMinutes: SKILL_REVIEW_QUOTA_WINDOW_MINUTES, usedPercent, resetsAt: NOW + 60_000 },
      ],
    });
    return deps;
  };
}

describe("review(directive)", () => {
  test("extends the pinned request: its system prompt, tools and history, the final answer, then the directive", async () => {
    const f = await reviewFixture(SCRIPT);
    const outcome = await reviewClosure(f.source, f.deps())(DIRECTIVE);
    expect(outcome).toEqual({ status: "completed", text: '{"proposals":[]}' });
    const [sent] = f.requests;
    expect(f.requests).toHaveLength(1);
    const inherited = f.source.request.context;
    expect(sent?.context.systemPrompt).toBe(inherited.systemPrompt);
    expect(sent?.context.tools).toBe(inherited.tools);
    expect(sent?.context.messages.slice(0, inherited.messages.length)).toEqual(inherited.messages);
    expect(sent?.context.messages.slice(inherited.messages.length)).toEqual([
      f.source.finalAnswer,
      { role: "user", content: DIRECTIVE, timestamp: NOW },
    ]);
    expect(sent?.request).toMatchObject({ sessionId: "s1", purpose: "review", reviewOrdinal: 0 });
    expect(f.events.map((e) => e.type)).toEqual(["dispatched", "answered"]);
  });

  test("a final answer the pinned request already holds, as a copy, is not appended again", async () => {
    const f = await reviewFixture(SCRIPT);
    const { request, finalAnswer } = f.source;
    const messages = [...request.context.messages, structuredClone(finalAnswer)];
    const source = {
      ...f.source,
      request: { ...request, context: { ...request.context, messages } },
    };
    const outcome = await reviewClosure(source, f.deps())(DIRECTIVE);
    expect(outcome).toEqual({ status: "completed", text: '{"proposals":[]}' });
    expect(f.requests[0]?.context.messages).toEqual([
      ...messages,
      { role: "user", content: DIRECTIVE, timestamp: NOW },
    ]);
  });

  test("an earlier answer with the same words but another time is not the final answer: it is appended", async () => {
    const f = await reviewFixture(SCRIPT);
    const { request, finalAnswer } = f.source;
    const earlier = { ...structuredClone(finalAnswer), timestamp: finalAnswer.timestamp - 1 };
    const messages = [...request.context.messages, earlier];
    const source = {
      ...f.source,
      request: { ...request, context: { ...request.context, messages } },
    };
    await reviewClosure(source, f.deps())(DIRECTIVE);
    expect(f.requests[0]?.context.messages.slice(messages.length)).toEqual([
      finalAnswer,
      { role: "user", content: DIRECTIVE, timestamp: NOW },
    ]);
  });

  test("charges the author once, the inherited prefix read from the provider's cache", async () => {
    const f = await reviewFixture(SCRIPT);
    await reviewClosure(f.source, f.deps())(DIRECTIVE);
    expect(f.charges).toHaveLength(1);
    expect(f.charges[0]?.cacheRead).toBeGreaterThan(0);
    expect(f.charges[0]?.generation).toBe(1);
  });

  test("admits one attempt per source: a second call rejects and sends nothing", async () => {
    const f = await reviewFixture(SCRIPT);
    const review = reviewClosure(f.source, f.deps());
    await review(DIRECTIVE);
    await expect(review(DIRECTIVE)).rejects.toMatchObject({
      code: REVIEW_ERRORS.attemptUsed,
      message: expect.stringMatching(/one attempt per settled exchange/),
    });
    expect(f.requests).toHaveLength(1);
  });

  test("an attempt that skipped is spent too", async () => {
    const f = await reviewFixture(SCRIPT);
    f.live = [false];
    const review = reviewClosure(f.source, f.deps());
    expect(await review(DIRECTIVE)).toEqual({ status: "skipped", reason: "revoked" });
    f.live = [true];
    await expect(review(DIRECTIVE)).rejects.toThrow(/one attempt/);
  });

  test.each([[""], ["   "], [42]])("refuses the directive %j", async (directive) => {
    const f = await reviewFixture(SCRIPT);
    await expect(reviewClosure(f.source, f.deps())(directive as string)).rejects.toThrow(
      /non-empty string/,
    );
  });
});

describe("skips before dispatch, each with its reason and nothing sent", () => {
  test.each<[string, string, (f: ReviewFixture) => ReturnType<ReviewFixture["deps"]>]>([
    [
      "the live callback refuses",
      "revoked",
      (f) => {
        f.live = [false];
        return f.deps();
      },
    ],
    [
      "the session moved on",
      "stale-source",
      (f) => {
        f.leaf = "e-newer";
        return f.deps();
      },
    ],
    [
      "the source session lost its leaf",
      "stale-source",
      (f) => {
        f.leaf = null;
        return f.deps();
      },
    ],
    [
      "the source payload was never seen",
      "unsupported-route",
      (f) => {
        f.source.request.payload = undefined;
        return f.deps();
      },
    ],
    [
      "the connection was removed",
      "revoked",
      (f) => {
        f.connections.remove("model");
        return f.deps();
      },
    ],
    [
      "the connection's credentials were replaced",
      "revoked",
      (f) => {
        f.connections.replace("model");
        return f.deps();
      },
    ],
    [
      "no runner is configured",
      "runner-unavailable",
      (f) => f.deps({ runners: new ReviewRunnerPool(0) }),
    ],
    [
      "every runner is busy",
      "runner-unavailable",
      (f) => {
        const runners = new ReviewRunnerPool(1);
        runners.tryAdmit();
        return f.deps({ runners });
      },
    ],
    [
      "the live callback refuses just before dispatch",
      "revoked",
      (f) => {
        f.live = [true, true, false];
        return f.deps();
      },
    ],
  ])("%s: %s", async (_label, reason, arrange) => {
    const f = await reviewFixture(SCRIPT);
    const deps = arrange(f);
    expect(await reviewClosure(f.source, deps)(DIRECTIVE)).toEqual({ status: "skipped", reason });
    expect(f.requests).toHaveLength(0);
    expect(f.charges).toHaveLength(0);
    expect(deps.runners.active).toBe(reason === "runner-unavailable" ? deps.runners.size : 0);
  });

  test("the live callback is asked before admission and again before dispatch", async () => {
    const f = await reviewFixture(SCRIPT);
    await reviewClosure(f.source, f.deps())(DIRECTIVE);
    expect(f.liveCalls).toBe(3);
  });

  test("a child payload that would not inherit the source's prefix byte for byte skips as unsupported-route", async () => {
    const f = await reviewFixture(SCRIPT);
    f.source.request.payload = { ...(f.source.request.payload as object), system: "another" };
    expect(await reviewClosure(f.source, f.deps())(DIRECTIVE)).toEqual({
      status: "skipped",
      reason: "unsupported-route",
    });
    expect(f.charges).toHaveLength(0);
    expect(f.events.map((e) => e.type)).toEqual(["dispatched", "skipped"]);
  });
});

describe("the subscription quota", () => {
  test("an OAuth connection with no evidence skips as unknown-quota", async () => {
    const f = await reviewFixture(SCRIPT, "oauth");
    expect(await reviewClosure(f.source, f.deps())(DIRECTIVE)).toEqual({
      status: "skipped",
      reason: "unknown-quota",
    });
    expect(f.requests).toHaveLength(0);
  });

  test("an OAuth connection at 90% of its week skips as quota; at 89% it reviews", async () => {
    const high = await reviewFixture(SCRIPT, "oauth");
    expect(await reviewClosure(high.source, quotaAt(90)(high))(DIRECTIVE)).toEqual({
      status: "skipped",
      reason: "quota",
    });
    const low = await reviewFixture(SCRIPT, "oauth");
    expect(await reviewClosure(low.source, quotaAt(89)(low))(DIRECTIVE)).toMatchObject({
      status: "completed",
    });
  });

  test("an API-key route is not held to the subscription rule", async () => {
    const f = await reviewFixture(SCRIPT, "api-key");
    expect(await reviewClosure(f.source, quotaAt(100)(f))(DIRECTIVE)).toMatchObject({
      status: "completed",
    });
  });
});

describe("after dispatch", () => {
  test("a tool the review asks for never runs and invalidates the review, with no second round", async () => {
    const f = await reviewFixture(`turns: [{ steps: [{ text: done }] }]
review:
  - tools: [{ name: Bash, args: { command: "rm -rf /" } }]
`);
    await expect(reviewClosure(f.source, f.deps())(DIRECTIVE)).rejects.toMatchObject({
      code: REVIEW_ERRORS.toolsDenied,
      message: expect.stringMatching(/asked to call Bash; tools are denied in a review/),
    });
    expect(f.requests).toHaveLength(1);
    expect(dispatched(f)).toBe(1);
    expect(f.charges).toHaveLength(1);
    expect(f.events.at(-1)?.type).toBe("invalid");
  });

  test("a request error rejects rather than skipping", async () => {
    const f = await reviewFixture(`turns: [{ steps: [{ text: done }] }]
review:
  - error: "overloaded"
`);
    await expect(reviewClosure(f.source, f.deps())(DIRECTIVE)).rejects.toMatchObject({
      code: REVIEW_ERRORS.requestFailed,
      message: "the review request failed: overloaded",
    });
  });

  test("an aborted review rejects with an AbortError and sends nothing", async () => {
    const f = await reviewFixture(SCRIPT);
    f.controller.abort();
    await expect(reviewClosure(f.source, f.deps())(DIRECTIVE)).rejects.toMatchObject({
      name: "AbortError",
    });
    expect(f.requests).toHaveLength(0);
  });

  test("each review request takes the next ordinal of the offline script's review list", async () => {
    const f = await reviewFixture(`turns: [{ steps: [{ text: done }] }]
review: ["first", "second"]
`);
    const deps = f.deps();
    expect(await reviewClosure(f.source, deps)(DIRECTIVE)).toMatchObject({ text: "first" });
    expect(await reviewClosure(f.source, deps)(DIRECTIVE)).toMatchObject({ text: "second" });
  });
});
