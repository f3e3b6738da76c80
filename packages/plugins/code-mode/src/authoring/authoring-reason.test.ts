import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { authoringReason } from "./authoring-reason.js";

const streamed = (script: string) => JSON.stringify({ script });

describe("authoringReason", () => {
  test("follows the note of an exec call as its arguments stream", () => {
    const json = streamed(
      'const ls = await tools.Bash({ command: "ls", description: "List the files" });\nconst r = await tools.Read({ path: "a" });\nawait tools.Read({ path: "b", reason: "Read b" });',
    );
    const seen = new Set<string | undefined>();
    for (let cut = 0; cut <= json.length; cut++)
      seen.add(authoringReason("exec", json.slice(0, cut)));
    expect([...seen]).toEqual([undefined, "List the files", "Read b"]);
  });

  test("as exec's arguments stream, a note once shown never falls back to undefined, and is always one the script wrote", () => {
    const call = fc.record({
      field: fc.constantFrom("reason", "description", "path"),
      text: fc.string({ maxLength: 10, unit: "grapheme" }),
    });
    fc.assert(
      fc.property(fc.array(call, { maxLength: 5 }), (calls) => {
        const script = calls
          .map(({ field, text }) => `await tools.Run({ ${field}: ${JSON.stringify(text)} });`)
          .join("\n");
        const written = calls.filter((c) => c.field !== "path").map((c) => c.text);
        const json = streamed(script);
        let shown = false;
        for (let cut = 0; cut <= json.length; cut++) {
          const note = authoringReason("exec", json.slice(0, cut));
          if (note === undefined) expect(shown).toBe(false);
          else {
            shown = true;
            expect(written).toContain(note);
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  test("answers undefined for any tool but exec", () => {
    expect(authoringReason("Bash", streamed('tools.A({ reason: "x" })'))).toBeUndefined();
  });

  test("answers undefined for arguments that are not an exec object", () => {
    expect(authoringReason("exec", "not json")).toBeUndefined();
    expect(authoringReason("exec", "")).toBeUndefined();
  });
});
