import type { QuickJSContext, QuickJSHandle } from "quickjs-emscripten";

/** The string a handle holds, or undefined for any other type: never converts inside the host. */
export function stringOf(ctx: QuickJSContext, handle: QuickJSHandle): string | undefined {
  return ctx.typeof(handle) === "string" ? ctx.getString(handle) : undefined;
}

/** `name: message` of an engine error, read as plain string properties; never throws. */
export function dumpError(ctx: QuickJSContext, handle: QuickJSHandle): string {
  try {
    const name = ctx.getProp(handle, "name").consume((h) => stringOf(ctx, h));
    const message = ctx.getProp(handle, "message").consume((h) => stringOf(ctx, h));
    return `${name ?? "Error"}: ${message ?? "(no message)"}`;
  } catch {
    return "Uncaught exception that cannot be described";
  }
}

/** The cell limit an engine error reports, if it reports one. */
export function limitOf(error: string): "memory" | "stack" | undefined {
  const found = /^InternalError: (out of memory|stack overflow)/.exec(error)?.[1];
  if (found === undefined) return undefined;
  return found === "out of memory" ? "memory" : "stack";
}

/**
 * Calls one of the prelude's serialisers on `value` inside the sandbox, where a getter or a
 * `toString` the script wrote runs under the cell's interrupt, and reads back the string it
 * returns. `ok` is false when the serialiser threw; `text` is absent when there is nothing to say
 * (an `undefined` result, or a throw caused by an interrupt).
 */
export function describeIn(
  ctx: QuickJSContext,
  describer: QuickJSHandle | undefined,
  value: QuickJSHandle,
  interrupted: () => boolean,
): { ok: boolean; text?: string } {
  if (!describer) return { ok: false, text: dumpError(ctx, value) };
  const result = ctx.callFunction(describer, ctx.undefined, value);
  if (result.error) {
    const text = interrupted() ? undefined : dumpError(ctx, result.error);
    result.error.dispose();
    return text === undefined ? { ok: false } : { ok: false, text };
  }
  const text = stringOf(ctx, result.value);
  result.value.dispose();
  return text === undefined ? { ok: true } : { ok: true, text };
}
