import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { extractApi } from "../lib/extract-api.mjs";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The API of `files["index.d.ts"]`, with the other files beside it as chunks. */
function apiOf(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), "api-extract-"));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const [section] = extractApi([
    { subpath: ".", types: "./index.d.ts", file: join(dir, "index.d.ts") },
  ]);
  return section?.entries.map(
    (e) => `${e.exported ? "" : "(not exported) "}${e.kind} ${e.name}: ${e.text}`,
  );
}

describe("extractApi", () => {
  test("reports re-exports of other packages by name instead of reading those packages", () => {
    const api = apiOf({
      "index.d.ts": [
        'import * as z from "zod";',
        'import def from "left-pad";',
        'export { ZodType as Schema } from "zod";',
        'export * from "@elowen/plugin-api";',
        'export * as yaml from "yaml";',
        "export { z, def };",
      ].join("\n"),
    });
    expect(api).toEqual([
      'reexport * from "@elowen/plugin-api": export * from "@elowen/plugin-api";',
      'reexport Schema: export { ZodType as Schema } from "zod";',
      'reexport def: export { default as def } from "left-pad";',
      'reexport yaml: export * as yaml from "yaml";',
      'reexport z: export * as z from "zod";',
    ]);
  });

  test("drops comments, export and declare keywords, and single quotes", () => {
    const api = apiOf({
      "index.d.ts": "/** doc */\nexport declare function f(a: 'x' /* inline */): void;\n",
    });
    expect(api).toEqual(['function f: function f(a: "x"): void;']);
  });

  test("merges a function and a namespace of the same name into one entry", () => {
    const api = apiOf({
      "index.d.ts": [
        "declare function tool(): void;",
        "declare namespace tool { const version: string; }",
        "export { tool };",
      ].join("\n"),
    });
    expect(api).toEqual([
      "function+namespace tool: function tool(): void;\nnamespace tool {\n    const version: string;\n}",
    ]);
  });

  test("names the default export default", () => {
    const api = apiOf({
      "index.d.ts": "declare const _default: { run(): void };\nexport { _default as default };\n",
    });
    expect(api).toEqual(["const default: const _default: {\n    run(): void;\n};"]);
  });

  test("lists a namespace re-export of a chunk by its members", () => {
    const api = apiOf({
      "chunk.d.ts": "declare const a = 1;\ndeclare function b(): void;\nexport { a, b };\n",
      "index.d.ts": 'export * as parts from "./chunk.js";\n',
    });
    expect(api).toEqual([
      "namespace parts: namespace {\n    a: const a = 1;\n    b: function b(): void;\n}",
    ]);
  });

  test("follows unexported types through base classes, typeof and qualified names", () => {
    const api = apiOf({
      "index.d.ts": [
        "declare namespace Units { type Px = number; }",
        "declare const defaults: { size: Units.Px };",
        "declare class Base { size: typeof defaults }",
        "declare class Widget extends Base {}",
        "export { Widget };",
      ].join("\n"),
    });
    expect(api).toEqual([
      "class Widget: class Widget extends Base {\n}",
      "(not exported) class Base: class Base {\n    size: typeof defaults;\n}",
      "(not exported) namespace Units: namespace Units {\n    type Px = number;\n}",
      "(not exported) const defaults: const defaults: {\n    size: Units.Px;\n};",
    ]);
  });

  test("reports a module without exports as empty", () => {
    expect(apiOf({ "index.d.ts": "export {};\n" })).toEqual([]);
  });
});

describe("extractApi over several subpaths", () => {
  test("lists a declaration another subpath exports under that subpath only, and what it names there", () => {
    const dir = mkdtempSync(join(tmpdir(), "api-extract-"));
    dirs.push(dir);
    const files: Record<string, string> = {
      "chunk.d.ts": [
        "interface Detail { note: string; }",
        "interface Tool { name: string; detail: Detail; }",
        "interface Logger { info(text: string): void; }",
        "interface Context { registerTool(tool: Tool): void; log: Logger; }",
        "export { type Context, type Tool };",
      ].join("\n"),
      "index.d.ts": 'export { type Context } from "./chunk.js";',
      "tools.d.ts": 'export { type Tool } from "./chunk.js";',
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const sections = extractApi([
      { subpath: ".", types: "./index.d.ts", file: join(dir, "index.d.ts") },
      { subpath: "./tools", types: "./tools.d.ts", file: join(dir, "tools.d.ts") },
    ]).map((s) => [
      s.subpath,
      s.entries.map((e) => `${e.exported ? "" : "(not exported) "}${e.name}`),
    ]);
    expect(sections).toEqual([
      [".", ["Context", "(not exported) Logger"]],
      ["./tools", ["Tool", "(not exported) Detail"]],
    ]);
  });
});
