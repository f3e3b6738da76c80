import type { QuickJSWASMModule } from "quickjs-emscripten";
import { CellRuntime } from "./cell-runtime.js";
import type { HeapGuard } from "./heap-guard.js";
import type { CellLimits, FromWorker } from "./protocol.js";

const SCRIPTS = [
  `const r = await tools.warm({ a: [1, "b", { c: null }] });
   console.log(r, { x: 1 }, [2]);
   try { null.x; } catch (e) { String(e.stack); }
   await new Promise((ok) => setTimeout(ok, 0));
   return { r, n: JSON.stringify([1, 2, 3]).length };`,
  `await tools.warm({}).catch((e) => e.message); throw new Error("warm");`,
];

const LIMITS: CellLimits = {
  memoryLimitBytes: 16 * 1024 * 1024,
  stackLimitBytes: 256 * 1024,
  busyLimitMs: 60_000,
  cellTimeoutMs: 60_000,
  deadline: Number.MAX_SAFE_INTEGER,
  maxArgsChars: 1000,
  maxConsoleChars: 1000,
  maxResultChars: 1000,
  maxTimers: 10,
};

/**
 * Runs a few representative cells before the worker reports ready. V8 compiles WebAssembly
 * lazily, so the first cell to touch a path of the engine would otherwise pay for compiling it
 * inside its own busy limit; after this a cell's time is its script's. It runs before `heap` is
 * sealed, so the guard does not limit it.
 */
export async function warmUp(quickjs: QuickJSWASMModule, heap: HeapGuard): Promise<void> {
  const progress = new Int32Array(new SharedArrayBuffer(8));
  for (const [index, script] of SCRIPTS.entries()) {
    await new Promise<void>((resolve) => {
      const runtime: CellRuntime = new CellRuntime(
        quickjs,
        { t: "start", script, tools: ["warm"], limits: LIMITS },
        progress,
        (message: FromWorker) => {
          if (message.t !== "slice") return;
          for (const call of message.calls) {
            const outcome =
              index === 0
                ? { ok: true as const, text: "warm" }
                : { ok: false as const, message: "warm", text: "" };
            setImmediate(() => runtime.settle(call.id, outcome));
          }
          if (message.end) resolve();
        },
        heap,
      );
      runtime.begin();
    });
  }
}
