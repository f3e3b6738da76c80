import {
  RUN_BOUNDARY_MAX_CONTINUATIONS,
  RUN_BOUNDARY_MAX_ENTRIES,
  RUN_BOUNDARY_MESSAGE_MAX_BYTES,
  RUN_BOUNDARY_RECORD_MAX_BYTES,
} from "@elowen/plugin-api/limits";
import { RUN_OUTCOMES, type RunOutcome } from "@elowen/plugin-api/run-boundary";
import fc from "fast-check";
import { expect, test } from "vitest";
import { RunBoundary, type RunBoundaryHookResult, utf8Bytes } from "../src/index.js";

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", minLength: 250, maxLength: 400 }),
  fc.constant(`${"a".repeat(1023)}é`),
);
const entry = fc.oneof(
  fc.record({ kind: fc.constant("message"), text }),
  fc.record({
    kind: fc.constant("record"),
    type: fc.string({ maxLength: 8 }),
    data: fc.jsonValue(),
  }),
  fc.record({
    kind: fc.constant("record"),
    type: fc.constant("big"),
    data: fc.string({ minLength: 4000, maxLength: 4200 }),
  }),
  fc.anything(),
);
const patch = fc.oneof(
  fc.record(
    { entries: fc.array(entry, { maxLength: 7 }), continue: fc.oneof(fc.boolean(), fc.anything()) },
    { requiredKeys: ["entries"] },
  ),
  fc.anything(),
);
const rows: fc.Arbitrary<RunBoundaryHookResult[]> = fc.array(
  fc.record({ pluginName: fc.constantFrom("a", "b", "c"), patch }),
  { maxLength: 4 },
);
const attempts = fc.array(fc.tuple(fc.constantFrom<RunOutcome>(...RUN_OUTCOMES), rows), {
  minLength: 1,
  maxLength: 4,
});

test("any patches, any outcomes: settle never rejects, caps hold, and a run continues at most once", async () => {
  await fc.assert(
    fc.asyncProperty(attempts, async (script) => {
      let current: readonly RunBoundaryHookResult[] = [];
      const run = new RunBoundary({ sessionId: "s", emit: async () => current });
      for (const [outcome, answer] of script) {
        if (run.state === "settled") break;
        current = answer;
        const before = run.continuationsUsed;
        const settled = await run.settle(outcome);
        const perPlugin = new Map<string, number>();
        for (const { pluginName, entry: accepted } of settled.entries) {
          perPlugin.set(pluginName, (perPlugin.get(pluginName) ?? 0) + 1);
          const bytes =
            accepted.kind === "message"
              ? utf8Bytes(accepted.text)
              : utf8Bytes(JSON.stringify(accepted));
          const cap =
            accepted.kind === "message"
              ? RUN_BOUNDARY_MESSAGE_MAX_BYTES
              : RUN_BOUNDARY_RECORD_MAX_BYTES;
          expect(bytes).toBeLessThanOrEqual(cap);
        }
        for (const [plugin, count] of perPlugin) {
          const patches = answer.filter((row) => row.pluginName === plugin).length;
          expect(count).toBeLessThanOrEqual(RUN_BOUNDARY_MAX_ENTRIES * patches);
        }
        if (settled.continue) {
          expect(outcome).toBe("completed");
          expect(before).toBeLessThan(RUN_BOUNDARY_MAX_CONTINUATIONS);
          const spoken = settled.entries.filter((e) => e.pluginName === settled.continuedBy);
          expect(spoken.some((e) => e.entry.kind === "message")).toBe(true);
          expect(run.state).toBe("continuing");
        } else expect(run.state).toBe("settled");
        expect(settled.continuationsUsed).toBe(run.continuationsUsed);
      }
      expect(run.continuationsUsed).toBeLessThanOrEqual(RUN_BOUNDARY_MAX_CONTINUATIONS);
    }),
    { numRuns: 300 },
  );
});
