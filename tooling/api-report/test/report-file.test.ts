import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { ApiEntry } from "../lib/extract-api.mjs";
import { type ApiReport, parseReport, renderReport, reportPath } from "../lib/report-file.mjs";
import type { WorkspacePackage } from "../lib/workspace.mjs";

// What the printer can produce: lines without trailing blanks that are neither a `//` comment
// (comments are stripped) nor a fence, and no blank line at the end of a declaration.
const line = fc
  .string({ minLength: 1, maxLength: 30 })
  .map((s) => s.replace(/[\r\n`]/g, "x").trimEnd())
  .filter((s) => s.trim() !== "" && !s.trimStart().startsWith("//"));
const entry: fc.Arbitrary<ApiEntry> = fc.record({
  name: fc.stringMatching(/^[A-Za-z_$][\w$]{0,12}$/),
  kind: fc.constantFrom("function", "interface", "const", "class+namespace", "reexport"),
  text: fc.array(line, { minLength: 1, maxLength: 4 }).map((lines) => lines.join("\n")),
  exported: fc.boolean(),
});
const report: fc.Arbitrary<ApiReport> = fc.record({
  name: fc.constantFrom("@elowen/plugin-shared", "plain-name"),
  version: fc.constantFrom("0.1.0", "1.2.3", "2.0.0-next.1"),
  sections: fc.array(
    fc.record({
      subpath: fc.constantFrom(".", "./errors", "./xml"),
      entries: fc.array(entry, { maxLength: 4 }),
    }),
    { maxLength: 3 },
  ),
});

describe("report file", () => {
  test("reads back every report it renders", () => {
    fc.assert(
      fc.property(report, (r) => {
        expect(parseReport(renderReport(r), "x.api.md")).toEqual(r);
      }),
    );
  });

  test("lives in etc/ under the unscoped package name", () => {
    const pkg = { name: "@elowen/plugin-shared", dir: "/repo/packages/plugin-shared" };
    expect(reportPath(pkg as WorkspacePackage)).toBe(
      "/repo/packages/plugin-shared/etc/plugin-shared.api.md",
    );
  });

  test.each([
    ["", 1, '"# API report: <package name>"'],
    ["# API report: a\n\nno version here\n", 3, '"Version <semver>. ..."'],
    ["# API report: a\n\nVersion 1.0.0. x\n\n## Subpath `.`\n\nconst a = 1;\n", 7, '"```ts"'],
    [
      "# API report: a\n\nVersion 1.0.0. x\n\n## Subpath `.`\n\n```ts\nconst a = 1;\n```\n",
      8,
      '"// <kind> <name>"',
    ],
    [
      "# API report: a\n\nVersion 1.0.0. x\n\n## Subpath `.`\n\n```ts\n// const a\n",
      10,
      '"```" closing',
    ],
  ])("refuses a malformed report, naming the line (%#)", (text, lineNumber, expected) => {
    expect(() => parseReport(text, "etc/a.api.md")).toThrow(
      `etc/a.api.md:${lineNumber}: expected ${expected}`,
    );
  });
});
