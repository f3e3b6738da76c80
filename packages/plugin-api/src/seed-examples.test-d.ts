// The specification's own examples, unchanged, compile against this package.
import { expectTypeOf, test } from "vitest";
import type { PluginContext } from "./index.js";
import type { RunBoundaryPayload } from "./subpaths/run-boundary.js";
import type {
  SkillPostTurnReviewArgs,
  SkillReviewerStatus,
  SkillReviewSkipReason,
} from "./subpaths/skills.js";

declare const ctx: PluginContext;

test("the run-boundary example plugin compiles", () => {
  ctx.registerHook({
    name: "brain.run.beforeSettle",
    run: (payload) =>
      payload.continuationAllowed
        ? {
            patch: {
              boundary: {
                entries: [{ kind: "message", text: "TASK 7 is still in_progress" }],
                continue: true,
              },
            },
          }
        : undefined,
  });
  ctx.registerHook({
    name: "brain.run.beforeSettle",
    run: (payload) => {
      expectTypeOf(payload).toEqualTypeOf<RunBoundaryPayload>();
      return undefined;
    },
  });
});

test("the status provider example compiles", () => {
  ctx.registerBrainStatusProvider(({ isAdmin }) => ({
    mcp: isAdmin
      ? [{ name: "docs", status: "disconnected", auth: { state: "needs-sign-in" } }]
      : null,
  }));
});

test("the input transform example compiles", () => {
  ctx.registerInputTransform(({ text }) => text.trim());
});

test("the reviewer registration { contractVersion: 2, run, status } compiles", () => {
  const reviewer = {
    run: async (args: SkillPostTurnReviewArgs): Promise<void> => {
      const outcome = await args.review("directive");
      if (outcome.status === "skipped")
        expectTypeOf(outcome.reason).toEqualTypeOf<SkillReviewSkipReason>();
    },
    status: (_userId: number): SkillReviewerStatus => ({
      pendingCalls: 0,
      interval: 100,
      totals: { reviews: 0, created: 0, patched: 0, failed: 0 },
      last: null,
    }),
  };
  ctx.registerSkillReviewer({ contractVersion: 2, run: reviewer.run, status: reviewer.status });
});

test("a reviewer registration of another contract version does not compile", () => {
  ctx.registerSkillReviewer({
    // @ts-expect-error only contract version 2 exists
    contractVersion: 1,
    run: async () => {},
    status: () => ({
      pendingCalls: 0,
      interval: 1,
      totals: { reviews: 0, created: 0, patched: 0, failed: 0 },
      last: null,
    }),
  });
});

test("a chain hook reads the event's own input type", () => {
  ctx.on("prompt.autocomplete", { token: /^#/ }, async (_$, e, next) => {
    expectTypeOf(e.token).toEqualTypeOf<string>();
    const below = await next(e);
    return { suggestions: [...below.suggestions, { text: "#tag" }] };
  });
  ctx.on("prompt.submit", (_$, e, next) =>
    e.isMeta && e.text === "bad" ? { drop: "no" } : next({ ...e, text: e.text.trim() }),
  );
  ctx.on("turn.step", async function* (_$, e, next) {
    return yield* next({ ...e, model: "other" });
  });
});

test("a patch for the wrong hook does not compile", () => {
  ctx.registerHook({
    name: "tools.call.before",
    // @ts-expect-error tools.call.before cannot set a persona
    run: () => ({ patch: { persona: "pirate" } }),
  });
});
