import { afterEach, expect, test } from "vitest";
import { TestTurn } from "./support/host.js";

let turn: TestTurn | undefined;
afterEach(() => turn?.close());

test("the host's event loop keeps serving timers while a cell spins in a runaway loop", async () => {
  turn = new TestTurn({ busyLimitMs: 2000, yieldAfterMs: 10_000 });
  await turn.exec("return 1"); // a started worker, so the spin below begins at once
  let cellEnded = false;
  const exec = turn.exec("while (true) {}").then((call) => {
    cellEnded = true;
    return call;
  });
  const ticks: boolean[] = [];
  await new Promise<void>((resolve) => {
    const tick = () => {
      ticks.push(cellEnded);
      if (ticks.length === 5) resolve();
      else setTimeout(tick, 20);
    };
    setTimeout(tick, 20);
  });
  expect(ticks).toEqual([false, false, false, false, false]);
  const { result } = await exec;
  expect(result.isError).toBe(true);
});

test("a thread stuck in native work is killed by the watchdog and replaced", async () => {
  turn = new TestTurn({ busyLimitMs: 100, yieldAfterMs: 10_000 });
  await turn.exec("return 1");
  const started = turn.control.stats().started;
  const { result } = await turn.exec("(3n ** 600000n).toString().length");
  expect(result.isError).toBe(true);
  const next = await turn.exec("return 2");
  expect(next.result.isError).toBeUndefined();
  expect(turn.control.stats().started).toBeGreaterThan(started);
});
