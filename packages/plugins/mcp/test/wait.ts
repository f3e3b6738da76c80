/** Polls `read` until `done` holds of its answer (at most `tries` × 50 ms); returns the answer. */
export async function waitFor<T>(
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
  tries = 1200,
): Promise<T> {
  let last = await read();
  for (let i = 0; i < tries && !done(last); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    last = await read();
  }
  if (!done(last)) throw new Error(`gave up waiting; last answer: ${JSON.stringify(last)}`);
  return last;
}
