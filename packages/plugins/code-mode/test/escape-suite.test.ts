import type { ToolResult } from "@elowen/plugin-api/tools";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { SandboxPoolStats } from "../src/sandbox/sandbox-pool.js";
import { TestTurn } from "./support/host.js";

const textOf = (result: ToolResult) =>
  result.content.map((block) => (block.type === "text" ? block.text : "")).join("\n");

/**
 * Known ways out of a JavaScript sandbox. Each must fail safely: a clear error (or a harmless
 * value) in the cell's report, no host object reached, and a pool that still runs the next cell,
 * in the same worker unless the attempt left its thread stuck in native work.
 */
const turn = new TestTurn({
  busyLimitMs: 150,
  yieldAfterMs: 10_000,
  memoryLimitBytes: 16 * 1024 * 1024,
});
afterAll(() => turn.close());
beforeAll(() => turn.exec("return 0"), 120_000); // the pool's worker is started before the first attempt

async function run(script: string): Promise<{ text: string; failed: boolean }> {
  const { result } = await turn.exec(script);
  return { text: textOf(result), failed: result.isError === true };
}

/** Attempts whose thread is stuck in native work the interrupt cannot reach: it is killed. */
const KILLED = new Set(["native work that ignores the interrupt"]);
/**
 * Attempts that hold more memory for as long as they run: whichever limit they reach first ends
 * them, the busy limit (their worker kept) or the memory limit (their grown worker retired).
 */
const GROWING = new Set([
  "an infinite promise chain",
  "an array of objects grown without end",
  "an async function that recurses through await",
]);
const BUSY_OR_MEMORY = /\((busy limit|memoryLimitBytes)\)/;

/**
 * The next cell runs, in the same worker unless the attempt's thread had to be killed, and no
 * engine aborted on the way: each attempt's engine was freed, whatever it tried.
 */
async function expectHealthyPool(
  before: SandboxPoolStats,
  replaced: boolean | "either" = false,
): Promise<void> {
  const next = await run("return 6 * 7");
  expect(next.text).toContain("Result:\n42");
  const after = turn.control.stats();
  expect(after).toMatchObject({ busy: 0, aborts: 0 });
  const started =
    replaced === "either"
      ? [before.started, before.started + 1]
      : [before.started + (replaced ? 1 : 0)];
  expect(started).toContain(after.started);
}

describe("escape attempts fail safely and leave the pool healthy", () => {
  test.each([
    [
      "the constructor chain to the host's process",
      'this.constructor.constructor("return process")()',
      "ReferenceError: 'process' is not defined",
    ],
    [
      "the async function constructor",
      'await (async () => {}).constructor("return process")()',
      "ReferenceError: 'process' is not defined",
    ],
    [
      "a nested tool's constructor chain",
      'tools.Echo.constructor("return require")()',
      "ReferenceError: 'require' is not defined",
    ],
    ["require", 'require("node:fs")', "ReferenceError: 'require' is not defined"],
    ["dynamic import", 'await import("node:fs")', "could not load module 'node:fs'"],
    ["static import", 'import fs from "node:fs";', "SyntaxError"],
    [
      "SharedArrayBuffer and Atomics.wait",
      "Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0)",
      "ReferenceError: 'Atomics' is not defined",
    ],
    ["a SharedArrayBuffer", "new SharedArrayBuffer(8)", "'SharedArrayBuffer' is not defined"],
    [
      "deep recursion",
      "(function dive() { return dive() + 1 })()",
      "stack overflow: the script recursed deeper than the 256 KiB stack limit",
    ],
    ["a huge string", '"x".repeat(2 ** 28)', "memory limit exceeded (16 MiB)"],
    ["doubling a string without end", 'let s = "x"; for (;;) s += s;', "InternalError"],
    [
      "a runaway loop",
      "while (true) {}",
      "the script computed for more than 150 ms without awaiting anything and was stopped (busy limit)",
    ],
    [
      "a loop that catches everything",
      "for (;;) { try { while (true) {} } catch (e) {} }",
      "(busy limit)",
    ],
    [
      "an infinite promise chain",
      "const spin = () => Promise.resolve().then(spin); spin(); await new Promise(() => {});",
      BUSY_OR_MEMORY,
    ],
    [
      "an async function that recurses through await",
      "async function again() { await null; return again(); } await again();",
      BUSY_OR_MEMORY,
    ],
    [
      "a proxy whose trap throws, passed as arguments",
      'await tools.Echo(new Proxy({}, { ownKeys() { throw new Error("trap") } }))',
      "TypeError: tools.Echo: the arguments cannot be turned into JSON: Error: trap",
    ],
    [
      "a proxy whose trap never returns, passed as arguments",
      "await tools.Echo(new Proxy({}, { ownKeys() { for (;;) {} } }))",
      "(busy limit)",
    ],
    [
      "arguments that are not an object",
      "await tools.Echo([1, 2])",
      "TypeError: tools.Echo takes one object of named arguments",
    ],
    [
      "a proxy over the tools object",
      "const p = new Proxy(tools, {}); await p.Nope({})",
      "TypeError: tools.Nope is not a tool this script can call (available: Echo, Sleep, Screenshot, Gate, Big, Fail, Throw)",
    ],
    ["writing to tools", '"use strict"; tools.Echo = 1;', "TypeError"],
    [
      "a proxy whose trap never returns, printed with console.log",
      "console.log(new Proxy({}, { get() { for (;;) {} } }))",
      "(busy limit)",
    ],
    [
      "a result whose toJSON never returns",
      "return { toJSON() { for (;;) {} } }",
      "the script computed for more than 150 ms without awaiting anything and was stopped (busy limit)",
    ],
    ["native work that ignores the interrupt", "(3n ** 600000n).toString().length", "(busy limit)"],
    [
      "the generator function constructor",
      '(function* () {}).constructor("yield process")().next()',
      "ReferenceError: 'process' is not defined",
    ],
    [
      "the async generator function constructor",
      'await (async function* () {}).constructor("yield require")().next()',
      "ReferenceError: 'require' is not defined",
    ],
    [
      "Reflect.construct on a builtin's constructor",
      'Reflect.construct([].map.constructor, ["return process"])()',
      "ReferenceError: 'process' is not defined",
    ],
    ["setInterval", "setInterval(() => {}, 1)", "ReferenceError: 'setInterval' is not defined"],
    [
      "a timer whose callback never returns",
      "setTimeout(() => { while (true) {} }, 0); await new Promise((resolve) => setTimeout(resolve, 50));",
      "(busy limit)",
    ],
    [
      "an array of objects grown without end",
      "const held = []; for (;;) held.push({ n: held.length, s: String(held.length) });",
      BUSY_OR_MEMORY,
    ],
    ["one huge buffer", "new ArrayBuffer(2 ** 30)", "memory limit exceeded (16 MiB)"],
  ])("%s", async (name, script, error) => {
    const before = turn.control.stats();
    const outcome = await run(script);
    expect(outcome.failed).toBe(true);
    if (typeof error === "string") expect(outcome.text).toContain(error);
    else expect(outcome.text).toMatch(error);
    expect(outcome.text).not.toMatch(/node:internal|\/work\/|worker_threads/);
    await expectHealthyPool(before, GROWING.has(name) ? "either" : KILLED.has(name));
  });

  test.each([
    [
      "Error.prepareStackTrace reaches no host frames",
      'Error.prepareStackTrace = (e, frames) => frames; const s = new Error("x").stack; return [typeof s, s.includes("cell.js"), /node:|\\/work\\/|worker|process/.test(s)]',
      '["string",true,false]',
    ],
    [
      "the global object holds none of Node's globals",
      'return ["process", "require", "module", "Buffer", "fetch", "setInterval", "WebAssembly", "SharedArrayBuffer", "Atomics"].filter((n) => typeof globalThis[n] !== "undefined")',
      "[]",
    ],
    [
      "the host functions behind tools are not globals",
      "return Object.getOwnPropertyNames(globalThis).filter((n) => /call|log|timer|host/i.test(n))",
      "[]",
    ],
    [
      "a nested tool's function is the sandbox's own",
      "return Object.getPrototypeOf(tools.Echo) === Function.prototype && tools.Echo.constructor === Function",
      "true",
    ],
    [
      "a constructor chain climbed from a nested tool reaches only the sandbox's Function",
      'let f = tools.Echo; for (let i = 0; i < 5; i++) f = f.constructor; return f("return typeof globalThis.process")()',
      "undefined",
    ],
    [
      "eval runs in the sandbox's own global",
      'return [eval("typeof process"), eval("typeof require")]',
      '["undefined","undefined"]',
    ],
    [
      "a proxy whose traps throw, printed with console.log, prints a placeholder",
      'console.log(new Proxy({}, { ownKeys() { throw new Error("trap") }, get() { throw new Error("get") } })); return "printed"',
      "printed",
    ],
    [
      "a proxy over console reaches only the sandbox's console",
      'const p = new Proxy(console, {}); p.log("via proxy"); return Object.getPrototypeOf(console) === Object.prototype',
      "true",
    ],
    [
      "a nested result parses into the sandbox's own objects",
      "return Object.getPrototypeOf(JSON.parse(await tools.Echo({ a: 1 }))) === Object.prototype",
      "true",
    ],
    [
      "the tools object has no prototype to climb",
      "return Object.getPrototypeOf(tools) === null",
      "true",
    ],
  ])("%s", async (_name, script, value) => {
    const outcome = await run(script);
    expect(outcome.failed).toBe(false);
    expect(outcome.text).toContain(`Result:\n${value}`);
  });

  test("a prototype polluted by one cell is gone in the next", async () => {
    await run("Object.prototype.polluted = true; Array.prototype.push = null;");
    const next = await run("return [({}).polluted === undefined, typeof [].push]");
    expect(next.text).toContain('Result:\n[true,"function"]');
  });

  test.each([
    [
      "the generator function",
      '(function* () {}).constructor("yield typeof process")().next().value',
    ],
    ["console.log", 'console.log.constructor("return typeof process")()'],
    ["setTimeout", 'setTimeout.constructor("return typeof process")()'],
    ["a bound function", '(() => 0).bind(null).constructor("return typeof process")()'],
    ["an Error", 'new Error("x").constructor.constructor("return typeof process")()'],
    ["a Promise", 'Promise.resolve().then.constructor("return typeof process")()'],
    [
      "a nested result",
      '(await tools.Echo({})).constructor.constructor("return typeof process")()',
    ],
  ])("the Function constructor reached through %s is the sandbox's own", async (_name, expr) => {
    const outcome = await run(`return ${expr}`);
    expect(outcome.failed).toBe(false);
    expect(outcome.text).toContain("Result:\nundefined");
  });

  test("pollution inside the sandbox reaches no host object, and no host prototype through arguments", async () => {
    const outcome = await run(
      'const args = { ["__proto__"]: { polluted: true }, constructor: { prototype: { polluted: true } } }; Object.prototype.polluted = true; Array.prototype.join = null; JSON.parse = null; return await tools.Echo(args)',
    );
    expect(outcome.failed).toBe(false);
    const host: Record<string, unknown> = {};
    expect(host.polluted).toBeUndefined();
    expect([1, 2].join("-")).toBe("1-2");
    expect(typeof JSON.parse).toBe("function");
    const args = turn.toolLog.calls.at(-1)?.args as Record<string, unknown>;
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
    expect((args as { polluted?: unknown }).polluted).toBeUndefined();
    const next = await run(
      "return [({}).polluted === undefined, [1, 2].join(), typeof JSON.parse]",
    );
    expect(next.text).toContain('Result:\n[true,"1,2","function"]');
  });

  test("huge output is cut to the console limit, its start kept, and the pool still runs the next cell", async () => {
    const before = turn.control.stats();
    // Printed in slices that await a timer, so that the busy limit is not what ends it.
    const outcome = await run(
      'for (let i = 0; i < 2000; i++) { console.log("line " + i + " " + "x".repeat(200)); if (i % 10 === 0) await new Promise((r) => setTimeout(r, 0)); } return "printed"',
    );
    expect(outcome.failed, outcome.text.slice(0, 400)).toBe(false);
    expect(outcome.text).toContain("line 0 ");
    expect(outcome.text).toContain("line 1999 ");
    expect(outcome.text).toContain("Result:\nprinted");
    // The whole output was 420,000 characters; the report holds the console limit's worth.
    expect(outcome.text.length).toBeLessThan(50_000);
    await expectHealthyPool(before);
  });

  test("a timer left pending when the cell returns never runs into the next cell", async () => {
    await run(
      'setTimeout(() => { globalThis.leaked = true; Object.prototype.leaked = true }, 0); return "set"',
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    const next = await run("return [typeof globalThis.leaked, ({}).leaked === undefined]");
    expect(next.text).toContain('Result:\n["undefined",true]');
  });

  test("a thrown value that is not an Error is reported, not executed", async () => {
    const before = turn.control.stats();
    const outcome = await run('throw { toString() { while (true) {} } , message: "x" }');
    expect(outcome.failed).toBe(true);
    expect(outcome.text).toContain("Error:");
    await expectHealthyPool(before);
  });

  test("after the whole suite no worker is left running a cell", () => {
    expect(turn.control.stats().busy).toBe(0);
  });
});
