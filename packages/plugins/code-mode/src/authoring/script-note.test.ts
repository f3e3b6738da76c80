import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { scriptNote } from "./script-note.js";

describe("scriptNote", () => {
  test.each([
    ["no call yet", "const a = 1;", undefined],
    ["a call without a note", 'await tools.Read({ path: "a" })', undefined],
    ["a reason", 'await tools.Read({ path: "a", reason: "Read the config" })', "Read the config"],
    [
      "a Bash description",
      'await tools.Bash({ command: "ls", description: "List files" })',
      "List files",
    ],
    [
      "the last call's note",
      'await tools.Read({ reason: "one" }); await tools.Read({ reason: "two" })',
      "two",
    ],
    [
      "the previous note when a later call has none",
      'await tools.Read({ reason: "one" }); await tools.Read({ path: "x" })',
      "one",
    ],
    ["reason over description in one call", 'tools.X({ reason: "r", description: "d" })', "r"],
    ["reason over description in either order", 'tools.X({ description: "d", reason: "r" })', "r"],
    ["a quoted key", "tools.X({ 'reason': 'quoted' })", "quoted"],
    ["a template without substitutions", "tools.X({ reason: `plain` })", "plain"],
    ["no template with substitutions", "tools.X({ reason: `at $" + "{p}` })", undefined],
    ["the bracket form", 'tools["my-tool"]({ reason: "bracketed" })', "bracketed"],
    ["no nested property", 'tools.Todo({ items: [{ description: "item" }] })', undefined],
    ["no variable", "tools.X({ reason })", undefined],
    ["no call of another object", 'other.X({ reason: "no" })', undefined],
    ["no note outside a call", 'const o = { reason: "no" }', undefined],
    [
      "a call inside Promise.all",
      'await Promise.all([tools.A({ reason: "a" }), tools.B({})])',
      "a",
    ],
    ["a note still being typed", 'await tools.Bash({ description: "List fi', undefined],
    [
      "the previous note while the next is typed",
      'tools.A({ reason: "done" }); tools.B({ reason: "typ',
      "done",
    ],
    ["a regular expression before the call", '/[(]/.test(x); tools.A({ reason: "r" })', "r"],
    ["a comment holding a call", '// tools.A({ reason: "no" })\nx', undefined],
    ["no blank note", 'tools.A({ reason: "   " })', undefined],
    [
      "the previous note past a blank one",
      'tools.A({ reason: "a" }); tools.B({ reason: "" })',
      "a",
    ],
  ])("returns %s", (_name, script, note) => {
    expect(scriptNote(script)).toBe(note);
  });

  const note = fc.string({ maxLength: 12 }).filter((s) => !/[\\'"`\n\r\u2028\u2029]/.test(s));
  const call = fc.record({
    name: fc.constantFrom("Read", "Bash", "Web_Fetch"),
    field: fc.constantFrom("reason", "description", "path", undefined),
    text: note,
  });
  const script = fc.array(call, { maxLength: 6 }).map((calls) =>
    calls
      .map(({ name, field, text }) => {
        const arg = field ? `${field}: ${JSON.stringify(text)}` : "";
        return `const r = await tools.${name}({ ${arg} });\nconsole.log(\`got \${r}\`);`;
      })
      .join("\n"),
  );

  test("any prefix of a valid script never throws and returns a note written in that prefix", () => {
    fc.assert(
      fc.property(script, fc.nat(), (source, cut) => {
        const prefix = source.slice(0, cut % (source.length + 1));
        const found = scriptNote(prefix);
        if (found !== undefined) expect(prefix).toContain(JSON.stringify(found));
      }),
    );
  });

  /** A script of noted calls, with where each non-blank note's literal ends and what it says. */
  const annotated = fc
    .array(
      fc.record({
        name: fc.constantFrom("Read", "Bash", "Web_Fetch"),
        field: fc.constantFrom("reason", "description", "path", undefined),
        text: fc.string({ maxLength: 12, unit: "grapheme" }),
      }),
      { maxLength: 6 },
    )
    .map((calls) => {
      let source = "";
      const notes: { end: number; text: string }[] = [];
      for (const { name, field, text } of calls) {
        source += `const r = await tools.${name}({ `;
        if (field) {
          source += `${field}: ${JSON.stringify(text)}`;
          if (field !== "path" && text.trim() !== "") notes.push({ end: source.length, text });
        }
        source += ` });\nconsole.log(\`got \${r}\`);\n`;
      }
      return { source, notes };
    });

  test("any prefix of a script answers exactly the last note written in full in it, whatever the note holds", () => {
    fc.assert(
      fc.property(annotated, fc.nat(), ({ source, notes }, cut) => {
        const length = cut % (source.length + 1);
        const written = notes.filter((n) => n.end <= length).at(-1);
        expect(scriptNote(source.slice(0, length))).toBe(written?.text);
      }),
    );
  });

  test("never throws on any text", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        scriptNote(text);
      }),
    );
  });
});
