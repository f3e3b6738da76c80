import { describe, expect, test } from "vitest";
import { queuedPathCount, serializeByPath } from "./path-queue.js";

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = (): void => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe("serializeByPath", () => {
  test("starts a task for a path only after the one queued before it has settled", async () => {
    const events: string[] = [];
    const gate = deferred();
    const first = serializeByPath("/tmp/q/a.json", async () => {
      events.push("first start");
      await gate.promise;
      events.push("first end");
    });
    const second = serializeByPath("/tmp/q/a.json", async () => {
      events.push("second");
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(events).toEqual(["first start"]);
    gate.resolve();
    await Promise.all([first, second]);
    expect(events).toEqual(["first start", "first end", "second"]);
  });

  test("runs a task for another path without waiting", async () => {
    const gate = deferred();
    const blocked = serializeByPath("/tmp/q/b.json", () => gate.promise);
    await expect(serializeByPath("/tmp/q/c.json", async () => "free")).resolves.toBe("free");
    gate.resolve();
    await blocked;
  });

  test("treats two spellings of one absolute path as the same queue", async () => {
    const events: string[] = [];
    const gate = deferred();
    const first = serializeByPath("/tmp/q/d.json", async () => {
      await gate.promise;
      events.push("first");
    });
    const second = serializeByPath("/tmp/q/x/../d.json", async () => {
      events.push("second");
    });
    gate.resolve();
    await Promise.all([first, second]);
    expect(events).toEqual(["first", "second"]);
  });

  test("runs the next task after a rejected one and returns each task's own outcome", async () => {
    const failing = serializeByPath("/tmp/q/e.json", async () => {
      throw new Error("disk full");
    });
    const next = serializeByPath("/tmp/q/e.json", async () => 42);
    await expect(failing).rejects.toThrow("disk full");
    await expect(next).resolves.toBe(42);
  });

  test("forgets a path once its queue has drained", async () => {
    await serializeByPath("/tmp/q/f.json", async () => undefined);
    await new Promise((done) => setImmediate(done));
    expect(queuedPathCount()).toBe(0);
  });
});
