/** Marks a promise handled now; it is awaited (and its failure surfaced) when its turn comes. */
export function started<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}
