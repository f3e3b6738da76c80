import type { TurnStepStream } from "@elowen/plugin-api/chains";
import {
  type PromptSubmitResult,
  PromptSubmitResultSchema,
  type TurnStepChunk,
  type TurnStepInput,
} from "@elowen/plugin-api/events";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { collectTurnStep } from "../src/index.js";
import type { FakeTime } from "./fake-time.js";
import { never, submitted, testBus, track } from "./helpers.js";

const BUDGET = 100;

type Behaviour =
  | "pass"
  | "rewrite"
  | "await-rewrite"
  | "throw-before"
  | "throw-after"
  | "hang-before"
  | "hang-after"
  | "next-twice"
  | "pinned-change"
  | "garbage"
  | "garbage-after"
  | "consume"
  | "drop"
  | "drop-after"
  | "context-after"
  | { sleepBefore: number }
  | { sleepAfter: number };

const behaviour: fc.Arbitrary<Behaviour> = fc.oneof(
  fc.constantFrom<Behaviour>(
    "pass",
    "rewrite",
    "await-rewrite",
    "throw-before",
    "throw-after",
    "hang-before",
    "hang-after",
    "next-twice",
    "pinned-change",
    "garbage",
    "garbage-after",
    "consume",
    "drop",
    "drop-after",
    "context-after",
  ),
  fc.record({ sleepBefore: fc.integer({ min: 0, max: 3 * BUDGET }) }),
  fc.record({ sleepAfter: fc.integer({ min: 0, max: 3 * BUDGET }) }),
);

type Hook = (
  $: unknown,
  e: typeof submitted,
  next: (e?: typeof submitted) => Promise<PromptSubmitResult>,
) => unknown;

function hookFor(b: Behaviour, time: FakeTime): Hook {
  const sleep = (ms: number) => new Promise((resolve) => time.setTimeout(() => resolve(0), ms));
  if (typeof b === "object" && "sleepBefore" in b)
    return async (_$, e, next) => {
      await sleep(b.sleepBefore);
      return next(e);
    };
  if (typeof b === "object")
    return async (_$, e, next) => {
      const answer = await next(e);
      await sleep(b.sleepAfter);
      return answer;
    };
  switch (b) {
    case "pass":
      return (_$, e, next) => next(e);
    case "rewrite":
      return (_$, e, next) => next({ ...e, text: `${e.text}+` });
    case "await-rewrite":
      return async (_$, e, next) => await next({ ...e, text: `${e.text}+` });
    case "throw-before":
      return () => {
        throw new Error("before");
      };
    case "throw-after":
      return async (_$, e, next) => {
        await next(e);
        throw new Error("after");
      };
    case "hang-before":
      return () => never();
    case "hang-after":
      return async (_$, e, next) => {
        await next(e);
        return never();
      };
    case "next-twice":
      return async (_$, e, next) => {
        next(e);
        return next({ ...e, text: "second" });
      };
    case "pinned-change":
      return (_$, e, next) => next({ ...e, origin: { kind: "sdk" } });
    case "garbage":
      return () => ({ bogus: true });
    case "garbage-after":
      return async (_$, e, next) => {
        await next(e);
        return 42;
      };
    case "consume":
      return () => ({ text: "consumed" });
    case "drop":
      return () => ({ drop: "dropped" });
    case "drop-after":
      return async (_$, e, next) => {
        await next(e);
        return { drop: "too late" };
      };
    case "context-after":
      return async (_$, e, next) => {
        const answer = await next(e);
        return { ...answer, context: ["late"] };
      };
  }
}

describe("random hook behaviours never wedge a chain", () => {
  test("a chain always settles, never rejects, within the sum of its hooks' budgets", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(behaviour, { minLength: 1, maxLength: 8 }), async (behaviours) => {
        const { bus, time } = testBus({}, { chainBudgetMs: BUDGET });
        behaviours.forEach((b, i) => {
          bus.on(`p${i}`, "prompt.submit", hookFor(b, time) as never);
        });
        const answer = track(bus.run("prompt.submit", submitted, (e) => ({ text: e.text })));
        await time.advance(BUDGET * behaviours.length);
        expect(answer.settled).toBe(true);
        expect(answer.error).toBeUndefined();
        expect(PromptSubmitResultSchema.safeParse(answer.value).success).toBe(true);
        bus.close();
      }),
      { numRuns: 300 },
    );
  });
});

type StepBehaviour =
  | "pass"
  | "upper"
  | "swallow-engine"
  | "forge-engine"
  | "garbage-chunk"
  | "garbage-result"
  | "own-answer"
  | "pinned-change"
  | "next-twice"
  | "not-a-generator"
  | { throwAfter: number }
  | { hangAfter: number };

const stepBehaviour: fc.Arbitrary<StepBehaviour> = fc.oneof(
  fc.constantFrom<StepBehaviour>(
    "pass",
    "upper",
    "swallow-engine",
    "forge-engine",
    "garbage-chunk",
    "garbage-result",
    "own-answer",
    "pinned-change",
    "next-twice",
    "not-a-generator",
  ),
  fc.record({ throwAfter: fc.integer({ min: 0, max: 6 }) }),
  fc.record({ hangAfter: fc.integer({ min: 0, max: 6 }) }),
);

type StepHook = (
  $: unknown,
  e: TurnStepInput,
  next: (e?: TurnStepInput) => TurnStepStream,
) => unknown;

function stepHookFor(b: StepBehaviour): StepHook {
  if (typeof b === "object")
    return async function* (_$, e, next) {
      let seen = 0;
      for await (const chunk of next(e)) {
        if (seen++ === ("throwAfter" in b ? b.throwAfter : b.hangAfter)) {
          if ("throwAfter" in b) throw new Error("mid-stream");
          await never();
        }
        yield chunk;
      }
    };
  switch (b) {
    case "pass":
      return async function* (_$, e, next) {
        return yield* next(e);
      };
    case "upper":
      return async function* (_$, e, next) {
        for await (const c of next(e))
          yield c.kind === "text" ? { ...c, text: c.text.toUpperCase() } : c;
      };
    case "swallow-engine":
      return async function* (_$, e, next) {
        for await (const c of next(e)) if (c.kind !== "engine") yield c;
      };
    case "forge-engine":
      return async function* (_$, e, next) {
        yield { kind: "engine", ref: 1000 } as const;
        return yield* next(e);
      };
    case "garbage-chunk":
      return async function* (_$, e, next) {
        const inner = next(e);
        yield (await inner.next()).value as TurnStepChunk;
        yield { kind: "text" } as never;
      };
    case "garbage-result":
      return async function* (_$, e, next) {
        yield* next(e);
        return { nonsense: 1 } as never;
      };
    case "own-answer":
      return async function* () {
        yield { kind: "text", index: 0, text: "mine" } as const;
      };
    case "pinned-change":
      return async function* (_$, e, next) {
        return yield* next({ ...e, turnId: "other" });
      };
    case "next-twice":
      return async function* (_$, e, next) {
        yield* next(e);
        return yield* next(e);
      };
    case "not-a-generator":
      return () => 7;
  }
}

const ENGINE: readonly TurnStepChunk[] = [
  { kind: "engine", ref: 1 },
  { kind: "text", index: 0, text: "a" },
  { kind: "engine", ref: 2 },
  { kind: "tool", index: 1, id: "t", name: "Read" },
  { kind: "input", index: 1, json: "{}" },
  { kind: "engine", ref: 3 },
  { kind: "stop", stopReason: "end_turn", usage: null },
];

describe("random turn.step hook behaviours never lose the engine's stream", () => {
  test("the stream always ends, never rejects, and exactly the engine's own engine chunks come out, once each, in order", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(stepBehaviour, { minLength: 1, maxLength: 6 }),
        async (behaviours) => {
          const { bus, time } = testBus({}, { chainBudgetMs: BUDGET });
          behaviours.forEach((b, i) => {
            bus.on(`p${i}`, "turn.step", stepHookFor(b) as never);
          });
          let engineRan = false;
          const bottom = (e: TurnStepInput): TurnStepStream =>
            (async function* () {
              engineRan = true;
              yield* ENGINE;
              return {
                turnId: e.turnId,
                index: e.index,
                answer: "a",
                toolUses: [],
                stopReason: "end_turn" as const,
                usage: null,
              };
            })();
          const step: TurnStepInput = { turnId: "t", index: 0, model: "m", messageCount: 1 };
          const collected = track(collectTurnStep(bus.stream(step, bottom)));
          await time.advance(BUDGET * behaviours.length);
          expect(collected.settled).toBe(true);
          expect(collected.error).toBeUndefined();
          const engineOut = (collected.value?.chunks ?? []).filter((c) => c.kind === "engine");
          expect(engineOut).toEqual(engineRan ? ENGINE.filter((c) => c.kind === "engine") : []);
          bus.close();
        },
      ),
      { numRuns: 300 },
    );
  });
});
