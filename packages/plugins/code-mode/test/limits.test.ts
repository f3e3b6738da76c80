import type { ToolResult } from "@elowen/plugin-api/tools";
import type { ToolTraceRecord } from "@elowen/plugin-api/trace";
import { afterEach, describe, expect, test } from "vitest";
import {
  MAX_NESTED_ARGS_CHARS,
  MAX_NESTED_RESULT_CHARS,
  MAX_SANDBOX_TIMERS,
  MAX_SCRIPT_CHARS,
} from "../src/limits.js";
import { TestTurn } from "./support/host.js";

const textOf = (result: ToolResult) =>
  result.content.map((block) => (block.type === "text" ? block.text : "")).join("\n");
const traceOf = (result: ToolResult) => (result.details?.toolTrace ?? []) as ToolTraceRecord[];

let turn: TestTurn | undefined;
afterEach(() => turn?.close());

describe("limits, each at its limit and one past it", () => {
  test("maxCallsPerCell: the call past the limit fails in the script and draws no row", async () => {
    turn = new TestTurn({ maxCallsPerCell: 3 });
    const { result } = await turn.exec(
      "for (let i = 0; i < 3; i++) await tools.Echo({ i }); try { await tools.Echo({ i: 3 }) } catch (e) { return e.message }",
    );
    expect(traceOf(result)).toHaveLength(3);
    expect(textOf(result)).toContain(
      "Result:\ntools.Echo was not called: this cell already made 3 nested calls, the most one cell may make (maxCallsPerCell)",
    );
  });

  test("maxConcurrentCalls: calls past the limit wait their turn in call order", async () => {
    turn = new TestTurn({ maxConcurrentCalls: 2, yieldAfterMs: 300 });
    const exec = await turn.exec(
      'return await Promise.all(["a", "b", "c"].map((name) => tools.Gate({ name })))',
    );
    expect(turn.toolLog.calls.map((c) => (c.args as { name: string }).name)).toEqual(["a", "b"]);
    expect(traceOf(exec.result)).toHaveLength(2);
    turn.gates.open("a");
    turn.gates.open("c");
    const first = await turn.wait();
    expect(turn.toolLog.calls.map((c) => (c.args as { name: string }).name)).toEqual([
      "a",
      "b",
      "c",
    ]);
    expect(textOf(first.result)).toContain("Running: tools.Gate.");
    turn.gates.open("b");
    expect(textOf((await turn.wait()).result)).toContain(
      'Result:\n["gate a opened","gate b opened","gate c opened"]',
    );
  });

  test("maxWorkers: a cell past the limit is refused while the others run", async () => {
    turn = new TestTurn({ maxWorkers: 2, yieldAfterMs: 200 });
    await turn.exec('await tools.Gate({ name: "one" })');
    const second = await turn.exec('await tools.Gate({ name: "two" })');
    expect(second.result.details).toMatchObject({ cellState: "running" });
    const third = await turn.exec("return 3");
    expect(third.result.isError).toBe(true);
    expect(textOf(third.result)).toBe(
      "exec: the cell could not start: 2 cells are already running, the most this host runs at once (maxWorkers); wait for a running cell to finish first",
    );
    turn.gates.open("one");
    await turn.wait("1");
    expect(textOf((await turn.exec("return 3")).result)).toContain("Result:\n3");
  });

  describe("memoryLimitBytes", () => {
    const MiB = 1024 * 1024;
    const limitText =
      "memory limit exceeded (8 MiB): the script needed more memory than a cell may hold and was stopped (memoryLimitBytes)";
    /** A script holding `count` strings of 64 KiB each, built one by one. */
    const strings = (count: number, before = "", after = "") =>
      `const held = []; ${before} for (let i = 0; i < ${count}; i++) held.push("x".repeat(65536 - 32) + i); ${after} return held.length`;

    test.each([
      [
        "one string",
        `return "x".repeat(${6 * MiB}).length`,
        `Result:\n${6 * MiB}`,
        `return "x".repeat(${8 * MiB}).length`,
      ],
      [
        "short strings, held in an array",
        'const held = []; for (let i = 0; i < 200000; i++) held.push("s" + i); return held.length',
        "Result:\n200000",
        'const held = []; for (let i = 0; i < 2000000; i++) held.push("s" + i); return held.length',
      ],
      [
        "strings a built-in makes without returning to the script",
        `return "ab,".repeat(${100_000}).split(",").length`,
        "Result:\n100001",
        `return "ab,".repeat(${1_000_000}).split(",").length`,
      ],
    ])(
      "%s: up to the limit they are held, past it the cell fails naming the limit and the pool runs the next cell",
      async (_name, fits, held, past) => {
        turn = new TestTurn({ memoryLimitBytes: 8 * MiB });
        expect(textOf((await turn.exec(fits)).result)).toContain(held);
        const { result } = await turn.exec(past);
        expect(result.isError).toBe(true);
        expect(textOf(result)).toContain(limitText);
        expect(textOf((await turn.exec(fits)).result)).toContain(held);
        expect(turn.control.stats()).toMatchObject({ busy: 0, idle: 1, aborts: 0 });
      },
    );

    test.each([4, 8, 64])(
      "%d MiB: strings totalling the limit less half a MiB are held, strings totalling the limit fail the cell",
      async (mib) => {
        turn = new TestTurn({ memoryLimitBytes: mib * MiB });
        // 64 KiB strings; the cell's own runtime, context and array take the last half MiB.
        const fit = mib * 16 - 8;
        expect(textOf((await turn.exec(strings(fit))).result)).toContain(`Result:\n${fit}`);
        const { result } = await turn.exec(strings(mib * 16));
        expect(textOf(result)).toContain(`memory limit exceeded (${mib} MiB)`);
        expect(textOf((await turn.exec("return 1")).result)).toContain("Result:\n1");
      },
    );

    test("a script cannot catch its way past the limit: the cell still fails with it", async () => {
      turn = new TestTurn({ memoryLimitBytes: 8 * MiB });
      const { result } = await turn.exec(
        strings(256, "try {", '} catch (e) { return "caught " + e }'),
      );
      expect(textOf(result)).toContain(limitText);
      expect(textOf(result)).not.toContain("caught");
    });

    test("the limit is the cell's own: each cell of one worker may fill it again", async () => {
      turn = new TestTurn({ memoryLimitBytes: 8 * MiB });
      for (let cell = 0; cell < 5; cell++)
        expect(textOf((await turn.exec(strings(120))).result)).toContain("Result:\n120");
      expect(turn.control.stats()).toMatchObject({ started: 1, exited: 0, idle: 1 });
    });
  });

  test.each([
    [64 * 1024, "64 KiB"],
    [1024 * 1024, "1 MiB"],
  ])(
    "stackLimitBytes %d: shallow recursion works, endless recursion fails cleanly",
    async (bytes, named) => {
      turn = new TestTurn({ stackLimitBytes: bytes });
      const ok = await turn.exec("const f = (n) => (n === 0 ? 0 : 1 + f(n - 1)); return f(50)");
      expect(textOf(ok.result)).toContain("Result:\n50");
      const { result } = await turn.exec("const f = () => f(); f()");
      expect(textOf(result)).toContain(
        `InternalError: stack overflow: the script recursed deeper than the ${named} stack limit`,
      );
    },
  );

  test("busyLimitMs: computing in slices that each stay under the limit runs past it in total", async () => {
    turn = new TestTurn({ busyLimitMs: 400 });
    const { result } = await turn.exec(`
      for (let i = 0; i < 6; i++) {
        const end = Date.now() + 100;
        while (Date.now() < end) {}
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      return "survived";`);
    expect(textOf(result)).toContain("Result:\nsurvived");
    const busy = await turn.exec("for (;;) {}");
    expect(textOf(busy.result)).toContain("more than 400 ms without awaiting anything");
  });

  test("cellTimeoutMs: a cell waiting past its wall clock is stopped and its nested call aborted", async () => {
    turn = new TestTurn({ cellTimeoutMs: 300, yieldAfterMs: 5000 });
    await turn.exec("return 1"); // a started worker, so the clock runs on the script alone
    const { result } = await turn.exec('await tools.Gate({ name: "never" })');
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain(
      "the cell ran for more than 300 ms, its wall-clock limit, and was stopped (cell timeout)",
    );
    expect(turn.toolLog.aborted).toHaveLength(1);
  });

  test("maxConsoleChars: output up to the limit is kept whole, longer output keeps its ends", async () => {
    turn = new TestTurn({ maxConsoleChars: 100 });
    const whole = await turn.exec('console.log("a".repeat(99))');
    expect(textOf(whole.result)).toContain(`Console:\n${"a".repeat(99)}`);
    expect(textOf(whole.result)).not.toContain("omitted");
    const { result } = await turn.exec(
      'console.log("start"); for (let i = 0; i < 50; i++) console.log("line " + i); console.log("end")',
    );
    const text = textOf(result);
    expect(text).toContain("Console:\nstart\nline 0");
    expect(text).toMatch(/\[… \d+ characters of console output omitted …\]/);
    expect(text).toContain("line 49\nend");
  });

  test("maxResultChars: a result up to the limit is kept whole, a longer one is cut and counted", async () => {
    turn = new TestTurn({ maxResultChars: 100 });
    const whole = textOf((await turn.exec('return "r".repeat(100)')).result);
    expect(whole.endsWith(`Result:\n${"r".repeat(100)}`)).toBe(true);
    expect(whole).not.toContain("omitted");
    expect(textOf((await turn.exec('return "r".repeat(101)')).result)).toContain(
      `Result:\n${"r".repeat(100)}\n[… 1 more characters of the result omitted]`,
    );
  });

  test("maxImagesPerReport: images past the limit are counted, not attached", async () => {
    turn = new TestTurn({ maxImagesPerReport: 1 });
    const one = await turn.exec("await tools.Screenshot({ shade: 1 })");
    expect(one.result.content.filter((b) => b.type === "image")).toHaveLength(1);
    const { result } = await turn.exec(
      "await tools.Screenshot({ shade: 1 }); await tools.Screenshot({ shade: 2 })",
    );
    expect(result.content.filter((b) => b.type === "image")).toHaveLength(1);
    expect(textOf(result)).toContain("1 more image of nested results not attached.");
  });

  test("MAX_SCRIPT_CHARS: a script of the maximum length runs, one character more is refused", async () => {
    turn = new TestTurn();
    const longest = `//${"x".repeat(MAX_SCRIPT_CHARS - 2)}`;
    expect((await turn.exec(longest)).result.isError).toBeUndefined();
    const { result } = await turn.exec(`${longest}x`);
    expect(result).toMatchObject({ isError: true });
    expect(result.details).toBeUndefined();
    expect(textOf(result)).toBe(`exec: script must be at most ${MAX_SCRIPT_CHARS} characters`);
  });

  test("MAX_NESTED_ARGS_CHARS: arguments of the maximum JSON length pass, one more is refused", async () => {
    turn = new TestTurn();
    const fits = MAX_NESTED_ARGS_CHARS - '{"s":""}'.length;
    const ok = await turn.exec(
      `return JSON.parse(await tools.Echo({ s: "x".repeat(${fits}) })).args.s.length`,
    );
    expect(textOf(ok.result)).toContain(`Result:\n${fits}`);
    const { result } = await turn.exec(`await tools.Echo({ s: "x".repeat(${fits + 1}) })`);
    expect(textOf(result)).toContain(
      `RangeError: tools.Echo: the arguments are ${MAX_NESTED_ARGS_CHARS + 1} characters of JSON, more than the ${MAX_NESTED_ARGS_CHARS} a nested call may pass`,
    );
  });

  test("MAX_NESTED_RESULT_CHARS: a result of the maximum length arrives whole, a longer one is cut", async () => {
    turn = new TestTurn({ memoryLimitBytes: 64 * 1024 * 1024 });
    const whole = await turn.exec(
      `return (await tools.Big({ chars: ${MAX_NESTED_RESULT_CHARS} })).length`,
    );
    expect(textOf(whole.result)).toContain(`Result:\n${MAX_NESTED_RESULT_CHARS}`);
    const cut = await turn.exec(
      `const t = await tools.Big({ chars: ${MAX_NESTED_RESULT_CHARS + 1} }); return t.slice(${MAX_NESTED_RESULT_CHARS})`,
    );
    expect(textOf(cut.result)).toContain(
      `Result:\n\n[… 1 more characters omitted: a script receives at most ${MAX_NESTED_RESULT_CHARS}]`,
    );
  });

  test("MAX_SANDBOX_TIMERS: the timer past the limit throws in the script", async () => {
    turn = new TestTurn();
    const { result } = await turn.exec(`
      for (let i = 0; i < ${MAX_SANDBOX_TIMERS}; i++) setTimeout(() => {}, 60000);
      try { setTimeout(() => {}, 1) } catch (e) { return e.message }`);
    expect(textOf(result)).toContain(
      `Result:\nsetTimeout: ${MAX_SANDBOX_TIMERS} timers are already pending, the most a cell may hold`,
    );
  });
});
