import { describe, expect, test } from "vitest";
import { type ApiChange, diffApi, requiredBump } from "../lib/api-diff.mjs";
import type { ApiEntry, ApiSection } from "../lib/extract-api.mjs";

const fn = (name: string, text: string, exported = true): ApiEntry => ({
  name,
  kind: "function",
  text,
  exported,
});
const section = (subpath: string, ...entries: ApiEntry[]): ApiSection => ({ subpath, entries });
const change = (kind: ApiChange["change"]): ApiChange => ({
  change: kind,
  subpath: ".",
  name: "f",
  exported: true,
  before: undefined,
  after: undefined,
});

describe("requiredBump", () => {
  test.each([
    ["removed", "1.0.0", "major"],
    ["removed", "0.99.99", "minor"],
    ["changed", "2.3.4", "major"],
    ["changed", "0.1.0", "minor"],
    ["changed", "1.0.0-next.0", "major"],
    ["added", "1.0.0", "minor"],
    ["added", "0.99.99", "patch"],
  ] as const)("a %s export at %s needs %s", (kind, version, bump) => {
    expect(requiredBump([change(kind)], version).bump).toBe(bump);
  });

  test("the largest change decides: an addition beside a removal still needs major", () => {
    expect(requiredBump([change("added"), change("removed")], "1.4.0").bump).toBe("major");
  });

  test("no change needs no bump", () => {
    expect(requiredBump([], "1.0.0")).toEqual({ bump: "none", reason: "the API did not change" });
  });
});

describe("diffApi", () => {
  test("compares declarations by tokens, so layout is not a change", () => {
    const before = [section(".", fn("f", "function f(a: {\n    b: string;\n}): void;"))];
    const after = [section(".", fn("f", "function f(a: { b: string; }): void;"))];
    expect(diffApi(before, after)).toEqual([]);
  });

  test("reports a kind change as a change even when the text is the same", () => {
    const before = [section(".", { name: "X", kind: "interface", text: "X", exported: true })];
    const after = [section(".", { name: "X", kind: "type", text: "X", exported: true })];
    expect(diffApi(before, after).map((c) => c.change)).toEqual(["changed"]);
  });

  test("reports a removed subpath and each export it held", () => {
    const before = [section("."), section("./errors", fn("fail", "function fail(): never;"))];
    const changes = diffApi(before, [section(".")]);
    expect(changes.map((c) => [c.change, c.subpath, c.name])).toEqual([
      ["removed", "./errors", ""],
      ["removed", "./errors", "fail"],
    ]);
  });

  test("reports a new subpath as an addition", () => {
    const changes = diffApi([section(".")], [section("."), section("./xml")]);
    expect(changes.map((c) => [c.change, c.subpath, c.name])).toEqual([["added", "./xml", ""]]);
  });

  test("counts an unexported declaration only when its text changes", () => {
    const internal = fn("helper", "function helper(): void;", false);
    const changed = fn("helper", "function helper(): string;", false);
    expect(diffApi([section(".", internal)], [section(".")])).toEqual([]);
    expect(diffApi([section(".")], [section(".", internal)])).toEqual([]);
    expect(diffApi([section(".", internal)], [section(".", changed)]).map((c) => c.change)).toEqual(
      ["changed"],
    );
  });

  test("reads a formerly unexported declaration that becomes exported as an addition", () => {
    const before = [section(".", fn("helper", "function helper(): void;", false))];
    const after = [section(".", fn("helper", "function helper(): void;"))];
    expect(diffApi(before, after).map((c) => [c.change, c.name])).toEqual([["added", "helper"]]);
  });
});
