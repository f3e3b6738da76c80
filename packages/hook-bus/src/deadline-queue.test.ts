import { describe, expect, test } from "vitest";
import { FakeTime } from "../test/fake-time.js";
import { DEADLINE_EXPIRE, DeadlineEntry, DeadlineQueue } from "./deadline-queue.js";

class Probe extends DeadlineEntry {
  constructor(
    readonly name: string,
    readonly fired: string[],
  ) {
    super();
  }
  [DEADLINE_EXPIRE](): void {
    this.fired.push(this.name);
  }
}

function setup() {
  const time = new FakeTime();
  const queue = new DeadlineQueue(time, time);
  const fired: string[] = [];
  const at = (ms: number) => time.now() + ms;
  return { time, queue, fired, at, probe: (name: string) => new Probe(name, fired) };
}

describe("DeadlineQueue", () => {
  test("fires each entry at its deadline, earliest first, and not a millisecond before", async () => {
    const { time, queue, fired, at, probe } = setup();
    queue.add(probe("late"), at(3000));
    queue.add(probe("early"), at(2000));
    queue.add(probe("middle"), at(2500));
    await time.advance(1999);
    expect(fired).toEqual([]);
    await time.advance(1);
    expect(fired).toEqual(["early"]);
    await time.advance(1000);
    expect(fired).toEqual(["early", "middle", "late"]);
    expect(queue.size).toBe(0);
  });

  test("keeps one timer for any number of deadlines", () => {
    const { time, queue, at, probe } = setup();
    for (let i = 0; i < 1000; i++) queue.add(probe(`p${i}`), at(2000 + i));
    expect(time.pending).toBe(1);
    expect(time.created).toBe(1);
  });

  test("re-arms only for a deadline earlier than the armed one", () => {
    const { time, queue, at, probe } = setup();
    queue.add(probe("a"), at(2000));
    queue.add(probe("b"), at(3000));
    expect(time.created).toBe(1);
    queue.add(probe("c"), at(1000));
    expect(time.created).toBe(2);
    expect(time.pending).toBe(1);
  });

  test("a removed entry never fires", async () => {
    const { time, queue, fired, at, probe } = setup();
    const kept = probe("kept");
    const removed = probe("removed");
    queue.add(removed, at(1000));
    queue.add(kept, at(2000));
    queue.remove(removed);
    queue.remove(removed);
    await time.advance(5000);
    expect(fired).toEqual(["kept"]);
  });

  test("an empty queue unrefs its timer and lets it lapse without re-arming", async () => {
    const { time, queue, at, probe } = setup();
    const entry = probe("a");
    queue.add(entry, at(2000));
    expect(time.refed).toBe(1);
    queue.remove(entry);
    expect(time.refed).toBe(0);
    expect(time.pending).toBe(1);
    await time.advance(2000);
    expect(time.pending).toBe(0);
  });

  test("a later entry re-refs the lapsing timer instead of creating another", () => {
    const { time, queue, at, probe } = setup();
    const first = probe("a");
    queue.add(first, at(1000));
    queue.remove(first);
    queue.add(probe("b"), at(2000));
    expect(time.created).toBe(1);
    expect(time.refed).toBe(1);
  });

  test("close clears the timer", () => {
    const { time, queue, at, probe } = setup();
    queue.add(probe("a"), at(1000));
    queue.close();
    expect(time.pending).toBe(0);
  });

  test("an entry expiring may queue another, which fires at its own time", async () => {
    const { time, queue, fired, at } = setup();
    class Chain extends DeadlineEntry {
      [DEADLINE_EXPIRE](): void {
        fired.push("first");
        queue.add(new Probe("second", fired), time.now() + 500);
      }
    }
    queue.add(new Chain(), at(1000));
    await time.advance(1000);
    expect(fired).toEqual(["first"]);
    await time.advance(500);
    expect(fired).toEqual(["first", "second"]);
  });
});
