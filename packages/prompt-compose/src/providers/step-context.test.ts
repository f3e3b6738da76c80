import { STEP_CONTEXT_ENTRY } from "@elowen/plugin-api/journal";
import { STEP_CONTEXT_MAX_BYTES } from "@elowen/plugin-api/limits";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { PromptComposeError } from "../prompt-compose-error.js";
import {
  clampUtf8,
  isStepContextDue,
  renderStepContext,
  renderStepContextNow,
} from "./step-context.js";

const bytes = (text: string) => Buffer.byteLength(text, "utf8");
const ARGS = { sessionId: "s", turnId: "t", userId: 2, toolResults: 6, lastToolName: "Bash" };
const clock = { now: () => 9 };

describe("clampUtf8", () => {
  test.each([
    ["ASCII at the limit", "a".repeat(1024), 1024],
    ["ASCII one past", "a".repeat(1025), 1024],
    ["two-byte characters at the limit", "é".repeat(512), 1024],
    ["two-byte characters one past", "é".repeat(513), 1024],
    ["a three-byte character that would straddle the limit", `${"a".repeat(1022)}€`, 1022],
    ["a four-byte emoji that would straddle the limit", `${"a".repeat(1021)}🙂`, 1021],
    ["an emoji that ends exactly at the limit", `${"a".repeat(1020)}🙂`, 1024],
  ])("%s keeps %# a prefix of %i bytes", (_name, text, kept) => {
    const clamped = clampUtf8(text);
    expect(bytes(clamped)).toBe(kept);
    expect(text.startsWith(clamped)).toBe(true);
  });

  test("returns short text unchanged", () => {
    const text = "Reminder: run the tests.";
    expect(clampUtf8(text)).toBe(text);
  });

  test("always gives the longest prefix of whole characters within the limit", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary", maxLength: 1200 }),
        fc.integer({ min: 0, max: 2000 }),
        (text, max) => {
          const clamped = clampUtf8(text, max);
          expect(text.startsWith(clamped)).toBe(true);
          expect(new TextEncoder().encode(clamped).length).toBeLessThanOrEqual(max);
          if (clamped.length < text.length) {
            const next = text.codePointAt(clamped.length) ?? 0;
            const withNext = text.slice(0, clamped.length + (next > 0xffff ? 2 : 1));
            expect(new TextEncoder().encode(withNext).length).toBeGreaterThan(max);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("isStepContextDue", () => {
  test.each([
    [0, 3, false],
    [1, 3, false],
    [3, 3, true],
    [4, 3, false],
    [6, 3, true],
    [1, 1, true],
  ])("after tool result %i at interval %i: %s", (toolResults, interval, due) => {
    expect(isStepContextDue(toolResults, interval)).toBe(due);
  });

  test.each([0, -1, 1.5, Number.NaN])("refuses interval %s", (interval) => {
    expect(() => isStepContextDue(3, interval)).toThrow(PromptComposeError);
    expect(() => isStepContextDue(3, interval)).toThrow(/interval must be a positive integer/);
  });
});

describe("renderStepContext", () => {
  test("keeps each provider's reminder as a record for a hidden meta entry", async () => {
    const outcome = await renderStepContext(
      [
        {
          plugin: "todo",
          name: "step-context",
          provider: ({ toolResults }) => `${toolResults} results in.`,
        },
      ],
      ARGS,
      { clock },
    );
    expect(outcome).toEqual({
      records: [
        {
          type: STEP_CONTEXT_ENTRY,
          v: 1,
          plugin: "todo",
          name: "step-context",
          text: "6 results in.",
          clamped: false,
          turnId: "t",
          toolResults: 6,
          at: 9,
        },
      ],
      problems: [],
    });
  });

  test(`clamps a longer reminder to ${STEP_CONTEXT_MAX_BYTES} bytes and says so`, async () => {
    const outcome = await renderStepContext(
      [{ plugin: "todo", name: "step-context", provider: () => "ü".repeat(600) }],
      ARGS,
      { clock },
    );
    expect(outcome.records[0]).toMatchObject({ text: "ü".repeat(512), clamped: true });
  });

  test.each([
    ["ASCII", "a", 1],
    ["a two-byte letter", "ü", 2],
    ["a four-byte emoji", "🙂", 4],
  ])(
    `keeps a reminder of ${STEP_CONTEXT_MAX_BYTES} bytes of %s whole and clamps one a character longer`,
    async (_name, char, size) => {
      const fits = char.repeat(STEP_CONTEXT_MAX_BYTES / size);
      const outcome = await renderStepContext(
        [
          { plugin: "todo", name: "fits", provider: () => fits },
          { plugin: "todo", name: "over", provider: () => fits + char },
        ],
        ARGS,
        { clock },
      );
      expect(outcome.records.map((r) => [r.name, bytes(r.text), r.clamped])).toEqual([
        ["fits", STEP_CONTEXT_MAX_BYTES, false],
        ["over", STEP_CONTEXT_MAX_BYTES, true],
      ]);
      expect(outcome.records.every((r) => r.text === fits)).toBe(true);
    },
  );

  test("an empty reminder means none", async () => {
    const outcome = await renderStepContext(
      [{ plugin: "todo", name: "s", provider: () => "" }],
      ARGS,
      { clock },
    );
    expect(outcome).toEqual({ records: [], problems: [] });
  });

  test("a provider that throws, answers a non-string or runs late adds nothing and is reported", async () => {
    const outcome = await renderStepContext(
      [
        {
          plugin: "a",
          name: "s",
          provider: () => {
            throw new Error("x");
          },
        },
        { plugin: "b", name: "s", provider: () => null as unknown as string },
        { plugin: "c", name: "s", provider: () => new Promise<string>(() => {}) },
        { plugin: "d", name: "s", provider: () => "ok" },
      ],
      ARGS,
      { clock, budgetMs: 5 },
    );
    expect(outcome.records.map((r) => r.plugin)).toEqual(["d"]);
    expect(outcome.problems.map((p) => [p.plugin, p.code])).toEqual([
      ["a", "provider-failed"],
      ["b", "invalid-provider-result"],
      ["c", "provider-timeout"],
    ]);
  });
});

describe("renderStepContextNow", () => {
  test("answers the render itself when every provider answered synchronously", () => {
    const render = renderStepContextNow(
      [
        { plugin: "a", name: "s", provider: ({ toolResults }) => `after ${toolResults}` },
        {
          plugin: "b",
          name: "s",
          provider: () => {
            throw new Error("x");
          },
        },
      ],
      ARGS,
      { clock },
    );
    expect(render).not.toBeInstanceOf(Promise);
    const { records, problems } = render as Exclude<typeof render, Promise<unknown>>;
    expect(records.map((r) => [r.plugin, r.text, r.at])).toEqual([["a", "after 6", 9]]);
    expect(problems.map((p) => [p.plugin, p.code])).toEqual([["b", "provider-failed"]]);
  });

  test("answers a promise when one provider answers later, with the same render", async () => {
    const providers = [
      { plugin: "a", name: "s", provider: () => "now" },
      { plugin: "b", name: "s", provider: async () => "later" },
    ];
    const render = renderStepContextNow(providers, ARGS, { clock });
    expect(render).toBeInstanceOf(Promise);
    expect(await render).toEqual(await renderStepContext(providers, ARGS, { clock }));
    expect((await render).records.map((r) => r.text)).toEqual(["now", "later"]);
  });

  test("with the signal already aborted it calls no provider and answers at once", () => {
    const controller = new AbortController();
    controller.abort();
    let called = false;
    const render = renderStepContextNow(
      [
        {
          plugin: "a",
          name: "s",
          provider: () => {
            called = true;
            return "x";
          },
        },
      ],
      ARGS,
      { clock, signal: controller.signal },
    );
    expect(called).toBe(false);
    expect(render).not.toBeInstanceOf(Promise);
    const { problems } = render as { problems: readonly { code: string; message: string }[] };
    expect(problems.map((p) => [p.code, p.message])).toEqual([
      ["provider-timeout", "step-context provider a:s was aborted; it adds nothing"],
    ]);
  });
});
