/** How many files a bulk load reads before it lets the event loop run. */
export const FILES_PER_BATCH = 64;

/**
 * Runs a synchronous `task` over `items` in batches, yielding to the event loop between batches,
 * and returns the results in input order. A reload of ten thousand skills then never holds the
 * loop for more than one batch, yet pays no thread-pool round trip per file.
 */
export async function mapInBatches<T, R>(
  items: readonly T[],
  task: (item: T, index: number) => R,
  batch = FILES_PER_BATCH,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  for (let index = 0; index < items.length; index++) {
    if (index > 0 && index % batch === 0) await new Promise((resolve) => setImmediate(resolve));
    results[index] = task(items[index] as T, index);
  }
  return results;
}
