import type { ToolResult } from "@elowen/plugin-api/tools";
import { afterAll, describe, expect, test } from "vitest";
import { MAX_NESTED_RESULT_CHARS } from "../src/limits.js";
import { MAX_CELLS_PER_WORKER } from "../src/sandbox/sandbox-pool.js";
import { TestTurn } from "./support/host.js";

const textOf = (result: ToolResult) =>
  result.content.map((block) => (block.type === "text" ? block.text : "")).join("\n");
const cellOf = (result: ToolResult) => String(result.details?.cellId);

/**
 * Every way a cell can end, each ending in one pooled worker. A cell that ends must leave its
 * engine freed, so that the same worker thread runs the next cell: a worker replaced costs a cold
 * start, and an engine that aborts while freeing a runtime hides a leak.
 */
const options = {
  busyLimitMs: 150,
  cellTimeoutMs: 2000,
  yieldAfterMs: 300,
  memoryLimitBytes: 64 * 1024 * 1024,
  maxWorkers: 1,
};
const turn = new TestTurn(options);
afterAll(() => turn.close());

/** Runs a script to its end, through as many waits as it takes. */
async function finish(script: string): Promise<string> {
  const exec = await turn.exec(script);
  let result = exec.result;
  while (result.details?.cellState === "running") result = (await turn.wait(cellOf(result))).result;
  return textOf(result);
}

const endings: [string, () => Promise<string>, string][] = [
  ["returns a value", () => finish("return 1"), "Result:\n1"],
  ["throws", () => finish('throw new Error("no")'), "Error: no"],
  ["fails on a tool's error", () => finish('await tools.Fail({ message: "refused" })'), "refused"],
  [
    "yields, then a wait finds it finished",
    async () => {
      const exec = await turn.exec('await tools.Gate({ name: "later" }); return "opened"');
      expect(exec.result.details?.cellState).toBe("running");
      turn.gates.open("later");
      return textOf((await turn.wait(cellOf(exec.result))).result);
    },
    "Result:\nopened",
  ],
  [
    "is stopped mid-call when the call waiting on it is cancelled",
    async () => {
      const exec = await turn.exec('await tools.Gate({ name: "never" })');
      return textOf((await turn.wait(cellOf(exec.result), AbortSignal.abort())).result);
    },
    "the call waiting on this cell was cancelled",
  ],
  [
    "is stopped mid-call when its turn is aborted",
    async () => {
      const other = new TestTurn(options, undefined, turn.control);
      const exec = await other.exec('await tools.Gate({ name: "never" })');
      other.abort.abort();
      return textOf((await other.wait(cellOf(exec.result))).result);
    },
    "the turn was aborted",
  ],
  [
    "waits past its wall clock",
    () => finish('await tools.Gate({ name: "never" })'),
    "(cell timeout)",
  ],
  ["computes past the busy limit", () => finish("for (;;) {}"), "(busy limit)"],
  [
    "computes past the busy limit inside promise jobs",
    () =>
      finish(
        "const spin = () => { Promise.resolve().then(spin); }; spin(); await new Promise(() => {});",
      ),
    "(busy limit)",
  ],
  [
    "asks for one allocation larger than its memory limit",
    () => finish('"x".repeat(2 ** 28)'),
    "(memoryLimitBytes)",
  ],
  ["recurses past the stack limit", () => finish("const f = () => f(); f()"), "stack overflow"],
  [
    "grows the engine's heap inside a promise job",
    () =>
      finish(
        "await null; const a = []; for (let i = 0; i < 100000; i++) a.push({ i }); return a.length",
      ),
    "Result:\n100000",
  ],
  [
    "receives the longest nested result",
    () => finish(`return (await tools.Big({ chars: ${MAX_NESTED_RESULT_CHARS} })).length`),
    `Result:\n${MAX_NESTED_RESULT_CHARS}`,
  ],
  [
    "returns with a nested call still running",
    () => finish('tools.Gate({ name: "left" }); return "done"'),
    "Still running, not awaited: tools.Gate.",
  ],
  [
    "returns with a timer still pending",
    () => finish('setTimeout(() => {}, 60000); return "done"'),
    "Result:\ndone",
  ],
  [
    "tries to escape through the constructor chain",
    () => finish('this.constructor.constructor("return process")()'),
    "'process' is not defined",
  ],
];

describe("a cell's end frees its engine and the same worker runs the next cell", () => {
  test.each(endings)("a cell that %s", async (_name, end, expected) => {
    await finish("return 0"); // the pool's one worker is started and has run a cell
    const before = turn.control.stats();
    expect(await end()).toContain(expected);
    expect(await finish("return 2")).toContain("Result:\n2");
    expect(turn.control.stats()).toMatchObject({
      started: before.started,
      exited: before.exited,
      aborts: before.aborts,
      busy: 0,
      idle: 1,
    });
  });

  test("a thread stuck in native work is terminated on purpose, never left to abort", async () => {
    await finish("return 0");
    const before = turn.control.stats();
    expect(await finish("(3n ** 600000n).toString().length")).toContain("(busy limit)");
    expect(await finish("return 2")).toContain("Result:\n2");
    expect(turn.control.stats()).toMatchObject({
      started: before.started + 1,
      exited: before.exited + 1,
      aborts: before.aborts,
    });
  });
});

describe("a cell past its memory limit", () => {
  // Growing the heap past the limit leaves free room above the next cell's bound, so the worker
  // is retired on purpose; the default busy limit keeps this about memory alone.
  const grown = new TestTurn({ memoryLimitBytes: 8 * 1024 * 1024, maxWorkers: 1 });
  afterAll(() => grown.close());

  test.each([
    [
      "the script's own loop",
      'const a = []; for (let i = 0; i < 1000; i++) a.push("x".repeat(2 ** 20) + i)',
    ],
    ["a built-in that never polls the interrupt", `"ab,".repeat(${1_000_000}).split(",")`],
  ])(
    "grown by %s retires its worker on purpose, and a fresh one runs the next cell",
    async (_name, script) => {
      await grown.exec("return 0");
      const before = grown.control.stats();
      const { result } = await grown.exec(script);
      expect(textOf(result)).toContain("memory limit exceeded (8 MiB)");
      expect(textOf((await grown.exec("return 2")).result)).toContain("Result:\n2");
      expect(grown.control.stats()).toMatchObject({
        started: before.started + 1,
        exited: before.exited + 1,
        aborts: before.aborts,
        busy: 0,
        idle: 1,
      });
    },
  );
});

describe("the engine's heap", () => {
  // Growing the WebAssembly heap inside executePendingJobs is what made quickjs-emscripten 0.32
  // leave a context of its own in the runtime; a fresh worker's heap has not grown yet.
  test.each([
    [
      "a cell whose promise jobs grow the heap",
      "await null; const a = []; for (let i = 0; i < 100000; i++) a.push({ i }); return a.length",
      "Result:\n100000",
    ],
    [
      "a cell interrupted while its promise jobs grow the heap",
      "await null; const a = []; for (let i = 0; i < 100000; i++) a.push({ i }); for (;;) {}",
      "(busy limit)",
    ],
  ])("%s is freed whole, and its worker kept", async (_name, script, expected) => {
    const fresh = new TestTurn({ busyLimitMs: 150 });
    try {
      await fresh.exec("return 0");
      const before = fresh.control.stats();
      expect(textOf((await fresh.exec(script)).result)).toContain(expected);
      const after = fresh.control.stats();
      expect(after).toMatchObject({ started: 1, exited: 0, aborts: 0, idle: 1 });
      expect(after.heapBytes).toBeGreaterThan(before.heapBytes);
    } finally {
      fresh.close();
    }
  });
});

describe("many cells", () => {
  test("keep one worker, whose engine heap stops growing once the mix has run", async () => {
    const many = new TestTurn({ busyLimitMs: 150, memoryLimitBytes: 16 * 1024 * 1024 });
    const mix = [
      "return 1",
      'throw new Error("no")',
      "await tools.Echo({ n: 1 }); return 2",
      `return (await tools.Big({ chars: ${MAX_NESTED_RESULT_CHARS} })).length`,
      "await null; const a = []; for (let i = 0; i < 100000; i++) a.push({ i }); return a.length",
      "for (;;) {}",
      "const f = () => f(); f()",
      '"x".repeat(2 ** 28)',
      'tools.Sleep({ ms: 5 }); setTimeout(() => {}, 60000); return "left"',
    ];
    const rounds = Math.floor((MAX_CELLS_PER_WORKER - 1) / mix.length);
    try {
      for (const script of mix) await many.exec(script);
      const settled = many.control.stats().heapBytes;
      for (let round = 1; round < rounds; round++)
        for (const script of mix) await many.exec(script);
      expect(many.control.stats()).toEqual({
        idle: 1,
        busy: 0,
        started: 1,
        exited: 0,
        aborts: 0,
        heapBytes: settled,
      });
    } finally {
      many.close();
    }
  }, 120_000);
});
