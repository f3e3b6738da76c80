import { describe, expect, test } from "vitest";
import { contractVersionRefusal, narrows } from "../lib/check.mjs";
import { excerpt } from "../lib/messages.mjs";

const pkg = (name: string) => ({ name, version: "0.1.0" }) as never;
const reported = (bump: string, names: string[]) =>
  ({
    needed: { bump, reason: "" },
    found: { bump, files: [] },
    changes: names.map((name) => ({
      subpath: ".",
      name,
      change: "changed",
      exported: true,
      before: { kind: "interface", text: `interface ${name} { readonly a: string; }` },
      after: { kind: "interface", text: `interface ${name} { readonly a: number; }` },
    })),
  }) as never;

describe("the plugin contract's version rule", () => {
  test("refuses a narrowing of @elowen/plugin-api that leaves SHARED_API_VERSION as it was, showing the member", () => {
    const lines = contractVersionRefusal(
      pkg("@elowen/plugin-api"),
      reported("major", ["PluginTool"]),
    );
    expect(lines?.[0]).toBe(
      "✗ @elowen/plugin-api: a member was removed or narrowed, so SHARED_API_VERSION must change with a major changeset (it did not change; the changeset gives major):",
    );
    expect(lines).toContain("    changed  . PluginTool (interface)");
  });

  test.each([
    [
      "the constant changed with it",
      "@elowen/plugin-api",
      "major",
      ["PluginTool", "SHARED_API_VERSION"],
    ],

    ["another package narrows", "@elowen/daemon", "major", ["Store"]],
  ])("passes when %s", (_, name, bump, names) => {
    expect(contractVersionRefusal(pkg(name), reported(bump, names))).toBeUndefined();
  });
});

describe("excerpt", () => {
  test("shows a long declaration from just before the member that changed", () => {
    const head = `interface PluginTool { ${"readonly a: string; ".repeat(20)}`;
    const was = `${head}readonly execute(): void; }`;
    const now = `${head}readonly direct?: boolean; readonly execute(): void; }`;
    expect(excerpt(now, was)).toContain("readonly direct?: boolean;");
    expect(excerpt(now, was).startsWith("…")).toBe(true);
    expect(excerpt(was, now)).toContain("readonly execute(): void; }");
  });

  test("keeps a short declaration whole", () => {
    expect(excerpt("const A = 1", "const A = 2")).toBe("const A = 1");
  });
});

describe("narrows", () => {
  const changed = (before: string, after: string) =>
    ({ change: "changed", before: { text: before }, after: { text: after } }) as never;
  test.each([
    [
      "an optional member added",
      "interface T { readonly a: string; }",
      "interface T { readonly a: string; readonly b?: boolean; }",
      false,
    ],
    [
      "an optional method added",
      "interface T { a: string; }",
      "interface T { a: string; b?(x: number): void; }",
      false,
    ],
    [
      "a required member added",
      "interface T { a: string; }",
      "interface T { a: string; b: number; }",
      true,
    ],
    [
      "a member removed",
      "interface T { a: string; b?: number; }",
      "interface T { a: string; }",
      true,
    ],
    ["a member's type changed", "interface T { a: string; }", "interface T { a: number; }", true],
    ["a non-interface changed", "const A = 1", "const A = 2", true],
  ])("%s: %s", (_, before, after, expected) => {
    expect(narrows(changed(before, after))).toBe(expected);
  });
});
