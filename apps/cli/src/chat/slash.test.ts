import { describe, expect, test } from "vitest";
import type { CatalogCommand } from "./catalog-command.js";
import { parseSlash, routeSlash } from "./slash.js";

const command = (
  fields: Partial<CatalogCommand> & Pick<CatalogCommand, "name" | "kind" | "mechanism">,
): CatalogCommand => ({
  description: "d",
  owner: "core",
  adminOnly: false,
  ...fields,
});

const CATALOG: CatalogCommand[] = [
  command({ name: "help", kind: "picker", mechanism: "builtin" }),
  command({ name: "skills", kind: "picker", mechanism: "picker", cliPicker: { scope: "account" } }),
  command({ name: "webonly", kind: "picker", mechanism: "picker" }),
  command({ name: "review", kind: "prompt", mechanism: "prompt" }),
  command({
    name: "report-guide",
    kind: "prompt",
    mechanism: "alias",
    target: "/skill:report-guide",
  }),
];

describe("parseSlash", () => {
  test.each([
    ["/help", { name: "help", args: "" }],
    ["/review the diff", { name: "review", args: "the diff" }],
    ["/review\tline one\nline two", { name: "review", args: "line one\nline two" }],
    ["/review  two spaces kept", { name: "review", args: " two spaces kept" }],
    ["  /help", { name: "help", args: "" }],
    ["/skill:report-guide now", { name: "skill:report-guide", args: "now" }],
    ["hello /help", undefined],
    ["/", undefined],
    ["//x", undefined],
  ])("reads %j", (text, expected) => {
    expect(parseSlash(text)).toEqual(expected);
  });
});

describe("routeSlash", () => {
  test("runs builtins and terminal pickers locally, with no model turn", () => {
    expect(routeSlash({ name: "help", args: "" }, CATALOG)).toMatchObject({ kind: "builtin" });
    expect(routeSlash({ name: "skills", args: "" }, CATALOG)).toMatchObject({ kind: "picker" });
  });
  test("says when a picker has no terminal renderer", () => {
    expect(routeSlash({ name: "webonly", args: "" }, CATALOG)).toMatchObject({
      kind: "no-cli-picker",
    });
  });
  test("sends prompt commands, aliases and unknown names to the daemon as a turn", () => {
    for (const name of ["review", "report-guide", "skill:report-guide", "unknown"])
      expect(routeSlash({ name, args: "" }, CATALOG)).toEqual({ kind: "turn" });
  });
});
