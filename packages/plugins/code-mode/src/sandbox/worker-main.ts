/**
 * The sandbox worker thread: loads the QuickJS engine once, then runs one cell at a time, each in
 * a fresh QuickJS runtime and context. Nothing of this thread is reachable from a script: the
 * script sees only the values the prelude builds inside its own context.
 */
import { parentPort, workerData } from "node:worker_threads";
import { getQuickJS } from "quickjs-emscripten";
import { CellRuntime } from "./cell-runtime.js";
import type { FromWorker, ToWorker } from "./protocol.js";
import { warmUp } from "./warm-up.js";

const port = parentPort;
if (!port) throw new Error("the code-mode sandbox runs only as a worker thread");
const progress = new Int32Array((workerData as { progress: SharedArrayBuffer }).progress);
const quickjs = await getQuickJS();
await warmUp(quickjs);
const send = (message: FromWorker) => port.postMessage(message);

let current: CellRuntime | undefined;

port.on("message", (message: ToWorker) => {
  if (message.t === "start") {
    current = new CellRuntime(quickjs, message, progress, send);
    current.begin();
    return;
  }
  if (!current) return;
  if (message.t === "settle") current.settle(message.id, message.outcome);
  else current.stop(message.kind, message.reason);
});

send({ t: "ready" });
