import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker, type WorkerOptions } from "node:worker_threads";

/**
 * Starts a sandbox worker thread. From the published build the worker is `sandbox-worker.js`
 * beside the bundle. From TypeScript sources (this package's own tests and benchmarks), the
 * worker is `worker-main.ts`, loaded through tsx, a development dependency only.
 */
export function startSandboxWorker(options: WorkerOptions): Worker {
  const here = import.meta.url;
  if (!here.endsWith(".ts")) return new Worker(new URL("./sandbox-worker.js", here), options);
  const target = new URL("./worker-main.ts", here).href;
  const tsxRoot = dirname(createRequire(here).resolve("tsx/package.json"));
  const tsx = pathToFileURL(join(tsxRoot, "dist/esm/api/index.mjs")).href;
  const code = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(target)}); });`;
  return new Worker(code, { ...options, eval: true });
}
