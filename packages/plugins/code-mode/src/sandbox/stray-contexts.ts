import type { QuickJSContext, QuickJSRuntime } from "quickjs-emscripten";

/** The contexts a runtime holds besides a cell's own, by whether the engine managed to make them. */
export interface StrayContexts {
  /** Contexts the engine made: each is freed like any other, before the runtime. */
  readonly made: readonly QuickJSContext[];
  /**
   * Contexts the engine failed to make (a null pointer, past the memory limit): they hold nothing
   * in the runtime, and anything bound to them must not be freed through them.
   */
  readonly failed: readonly QuickJSContext[];
}

/**
 * The contexts a runtime holds besides the cell's own `own` (and the runtime's own system
 * context, which it frees itself): contexts quickjs-emscripten made by itself. Its 0.32
 * `executePendingJobs` reads which context ran the last job through a view of the WebAssembly heap
 * taken before the jobs ran; when the jobs grow the heap, that view is detached, the read yields
 * nothing, and the library wraps a brand-new JSContext instead, which nobody owns
 * (justjake/quickjs-emscripten#240). Left in the runtime, such a context makes `JS_FreeRuntime` fail
 * its assertion that every object was freed, and the engine aborts.
 *
 * Returns undefined when the runtime's contexts cannot be read (a library that no longer keeps
 * them where 0.32 does): the caller must then assume a stray may be there.
 */
export function strayContexts(rt: QuickJSRuntime, own: QuickJSContext): StrayContexts | undefined {
  // `contextMap` is protected in the library's types; it is read, never written.
  const tracked: unknown = (rt as unknown as { contextMap?: unknown }).contextMap;
  if (!(tracked instanceof Map)) return undefined;
  const made: QuickJSContext[] = [];
  const failed: QuickJSContext[] = [];
  for (const [pointer, context] of tracked as Map<number, QuickJSContext>) {
    if (context === own || context === rt.context || !context.alive) continue;
    (pointer === 0 ? failed : made).push(context);
  }
  return { made, failed };
}
