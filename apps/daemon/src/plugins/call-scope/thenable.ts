/**
 * True for a promise or any other thenable, which is how plugin code may answer asynchronously
 * (a library's promise-like as much as a native one).
 */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === "object" || typeof value === "function") &&
    value !== null &&
    typeof (value as { then?: unknown }).then === "function"
  );
}
