/**
 * The sandbox worker thread: loads the QuickJS engine once, then runs one cell at a time, each in
 * a fresh QuickJS runtime and context. Nothing of this thread is reachable from a script: the
 * script sees only the values the prelude builds inside its own context.
 */
import { parentPort, workerData } from "node:worker_threads";
import {
  type EmscriptenModuleLoaderOptions,
  newQuickJSWASMModule,
  newVariant,
  RELEASE_SYNC,
} from "quickjs-emscripten";
import { CodeModeError } from "../code-mode-error.js";
import { CellRuntime } from "./cell-runtime.js";
import { type EngineAllocator, HeapGuard } from "./heap-guard.js";
import { type FromWorker, HEAP_LIMIT_EXIT_CODE, type ToWorker } from "./protocol.js";
import { warmUp } from "./warm-up.js";

const port = parentPort;
if (!port) {
  throw new CodeModeError(
    "code_mode.not_a_worker",
    "the code-mode sandbox runs only as a worker thread",
  );
}
const progress = new Int32Array((workerData as { progress: SharedArrayBuffer }).progress);
const send = (message: FromWorker) => port.postMessage(message);

// emscripten calls `onAbort` (a standard Module hook the binding's types leave out) just before
// it prints `Aborted(...)` and throws: the host counts each one, whatever the engine was doing.
const emscriptenModule: EmscriptenModuleLoaderOptions & { onAbort(what: unknown): void } = {
  onAbort: (what) => send({ t: "aborted", what: String(what) }),
};
const quickjs = await newQuickJSWASMModule(newVariant(RELEASE_SYNC, { emscriptenModule }));
// The engine's emscripten module, whose allocator lays the heap guard's ballast: a protected
// field of the library's module object, read once and checked.
const allocator = (quickjs as unknown as { module?: Partial<EngineAllocator> }).module;
if (typeof allocator?._malloc !== "function") {
  throw new CodeModeError(
    "code_mode.engine_unreachable",
    "the code-mode sandbox cannot reach the engine's allocator (quickjs-emscripten changed)",
  );
}
const heap = new HeapGuard(quickjs.getWasmMemory(), () => process.exit(HEAP_LIMIT_EXIT_CODE));
await warmUp(quickjs, heap);
heap.seal(allocator as EngineAllocator);

let current: CellRuntime | undefined;

port.on("message", (message: ToWorker) => {
  if (message.t === "start") {
    current = new CellRuntime(quickjs, message, progress, send, heap);
    current.begin();
    return;
  }
  if (!current) return;
  if (message.t === "settle") current.settle(message.id, message.outcome);
  else current.stop(message.kind, message.reason);
});

send({ t: "ready", heapBytes: heap.heapBytes });
