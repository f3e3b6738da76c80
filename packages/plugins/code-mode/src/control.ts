import type { ElowenPlugin } from "@elowen/plugin-api";
import { definePlugin } from "@elowen/plugin-api";
import type { CodeModeComposition, CodeModeControl } from "@elowen/plugin-api/trace";
import { authoringReason } from "./authoring/authoring-reason.js";
import { CellRegistry } from "./compose/cell-registry.js";
import { scriptTools, toolDoc } from "./compose/script-tools.js";
import { wrapperTools } from "./compose/wrapper-tools.js";
import { type CodeModeOptions, parseCodeModeOptions } from "./options.js";
import { SandboxPool, type SandboxPoolStats } from "./sandbox/sandbox-pool.js";

/** The V8 heap of a worker thread itself; the engine's memory is limited per cell on top of it. */
const WORKER_HEAP_MB = 64;

/** A code-mode control with the handles a host or a test needs beyond the plugin contract. */
export interface CodeModeHandle extends CodeModeControl {
  /**
   * The sandbox pool's counts: workers idle and running a cell, started and exited in all, engine
   * aborts, and the engines' heap bytes. All 0 before the first composition starts the pool.
   */
  stats(): SandboxPoolStats;
  /** Terminates every sandbox worker; running cells end. The control composes no more. */
  close(): void;
}

/**
 * Creates the code-mode control: each `compose(request)` offers `exec` and `wait` over the turn's
 * gated nested tools (model-only tools left out) and, by default, withdraws those tools from the
 * model's direct surface. Options are validated here (see {@link parseCodeModeOptions}); the
 * sandbox workers start on first use. A turn with no tool a script may call composes nothing.
 */
export function createCodeModeControl(
  options: CodeModeOptions = {},
  clock: { now(): number } = Date,
): CodeModeHandle {
  const resolved = parseCodeModeOptions(options);
  let pool: SandboxPool | undefined;
  let closed = false;
  const usePool = () => {
    pool ??= new SandboxPool({
      maxWorkers: resolved.maxWorkers,
      warmWorkers: resolved.warmWorkers,
      heapLimitMb: WORKER_HEAP_MB,
    });
    return pool;
  };
  return {
    compose(request): CodeModeComposition | undefined {
      if (closed) return undefined;
      const tools = scriptTools(request.tools);
      if (tools.size === 0) return undefined;
      usePool().warm();
      const cells = new CellRegistry(request, tools, resolved, usePool, () => clock.now());
      const toolDocs = [...tools.values()].map(toolDoc);
      return {
        tools: wrapperTools({ cells, options: resolved, toolDocs }),
        ...(resolved.hideDirectTools ? { hide: [...tools.keys()] } : {}),
      };
    },
    authoringReason,
    stats: () =>
      pool?.stats() ?? { idle: 0, busy: 0, started: 0, exited: 0, aborts: 0, heapBytes: 0 },
    close() {
      closed = true;
      pool?.close();
    },
  };
}

/** The code-mode plugin with `options`: registers one control built by {@link createCodeModeControl}. */
export function createCodeModePlugin(options: CodeModeOptions = {}): ElowenPlugin {
  const control = createCodeModeControl(options);
  return definePlugin({
    register(ctx) {
      ctx.registerCodeMode(control);
    },
  });
}
