import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { KeyedQueue } from "./keyed-queue.js";

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = (): void => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** Lets every queued promise job run. */
const flush = () => new Promise((done) => setImmediate(done));

describe("KeyedQueue.run", () => {
  test("starts a task for a key only after the one queued before it has settled", async () => {
    const queue = new KeyedQueue<string>();
    const events: string[] = [];
    const gate = deferred();
    const first = queue.run("a", async () => {
      events.push("first start");
      await gate.promise;
      events.push("first end");
    });
    const second = queue.run("a", async () => {
      events.push("second");
    });
    await flush();
    expect(events).toEqual(["first start"]);
    gate.resolve();
    await Promise.all([first, second]);
    expect(events).toEqual(["first start", "first end", "second"]);
  });

  test("runs a task for another key without waiting", async () => {
    const queue = new KeyedQueue<string>();
    const gate = deferred();
    const blocked = queue.run("b", () => gate.promise);
    await expect(queue.run("c", async () => "free")).resolves.toBe("free");
    gate.resolve();
    await blocked;
  });

  test("runs the next task after a rejected or throwing one and returns each task's own outcome", async () => {
    const queue = new KeyedQueue<number>();
    const failing = queue.run(1, async () => {
      throw new Error("disk full");
    });
    const throwing = queue.run(1, () => {
      throw new TypeError("sync");
    });
    const next = queue.run(1, () => 42);
    await expect(failing).rejects.toThrow("disk full");
    await expect(throwing).rejects.toThrow("sync");
    await expect(next).resolves.toBe(42);
  });

  test("a task that rejects with null or undefined still lets the next one run", async () => {
    const queue = new KeyedQueue<string>();
    const nulled = queue.run("k", () => Promise.reject(null));
    const next = queue.run("k", () => "after");
    await expect(nulled).rejects.toBeNull();
    await expect(next).resolves.toBe("after");
  });

  test("forgets a key once its queue has drained", async () => {
    const queue = new KeyedQueue<string>();
    const gate = deferred();
    const running = queue.run("f", () => gate.promise);
    expect(queue.size).toBe(1);
    gate.resolve();
    await running;
    await flush();
    expect(queue.size).toBe(0);
  });

  test("keeps call order per key for any interleaving of keys and delays", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 })), {
          maxLength: 30,
        }),
        async (calls) => {
          const queue = new KeyedQueue<number>();
          const started: [number, number][] = [];
          let running = new Set<number>();
          await Promise.all(
            calls.map(([key, ticks], index) =>
              queue.run(key, async () => {
                expect(running.has(key)).toBe(false);
                running.add(key);
                started.push([key, index]);
                for (let tick = 0; tick < ticks; tick++) await Promise.resolve();
                running.delete(key);
              }),
            ),
          );
          running = new Set();
          for (const key of [0, 1, 2, 3]) {
            const order = started.filter(([k]) => k === key).map(([, index]) => index);
            expect(order).toEqual([...order].sort((a, b) => a - b));
          }
          expect(queue.size).toBe(0);
        },
      ),
    );
  });
});

describe("KeyedQueue.runAll", () => {
  test("waits behind a listed key's earlier task", async () => {
    const queue = new KeyedQueue<string>();
    const events: string[] = [];
    const gate = deferred();
    const a = queue.run("a", async () => {
      await gate.promise;
      events.push("a");
    });
    const both = queue.runAll(["b", "a", "b"], async () => {
      events.push("both");
    });
    await flush();
    expect(events).toEqual([]);
    gate.resolve();
    await Promise.all([a, both]);
    expect(events).toEqual(["a", "both"]);
  });

  test("holds every listed key while its task runs", async () => {
    const queue = new KeyedQueue<string>();
    const events: string[] = [];
    const gate = deferred();
    const both = queue.runAll(["a", "b"], async () => {
      events.push("both start");
      await gate.promise;
      events.push("both end");
    });
    await flush();
    const later = ["a", "b"].map((key) => queue.run(key, async () => void events.push(key)));
    await flush();
    expect(events).toEqual(["both start"]);
    gate.resolve();
    await Promise.all([both, ...later]);
    expect(events.slice(0, 2)).toEqual(["both start", "both end"]);
    expect(events.slice(2).sort()).toEqual(["a", "b"]);
  });

  test("two callers with overlapping keys in opposite orders both finish", async () => {
    const queue = new KeyedQueue<string>();
    const results = await Promise.all([
      queue.runAll(["x", "y"], async () => "xy"),
      queue.runAll(["y", "x"], async () => "yx"),
    ]);
    expect(results).toEqual(["xy", "yx"]);
  });

  test("runs at once with no keys", async () => {
    await expect(new KeyedQueue().runAll([], () => "alone")).resolves.toBe("alone");
  });
});

describe("KeyedQueue.idle", () => {
  test("resolves once every task queued before it has settled, failed ones included", async () => {
    const queue = new KeyedQueue<string>();
    const gate = deferred();
    const settled: string[] = [];
    void queue.run("a", () => gate.promise).then(() => settled.push("a"));
    queue.run("b", () => Promise.reject(new Error("no"))).catch(() => settled.push("b failed"));
    const idle = queue.idle().then(() => settled.push("idle"));
    await flush();
    expect(settled).toEqual(["b failed"]);
    gate.resolve();
    await idle;
    expect(settled).toEqual(["b failed", "a", "idle"]);
  });

  test("resolves at once when nothing is queued", async () => {
    await expect(new KeyedQueue().idle()).resolves.toBeUndefined();
  });
});
