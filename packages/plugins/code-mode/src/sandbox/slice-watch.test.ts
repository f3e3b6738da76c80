import { describe, expect, test } from "vitest";
import { SliceWatch } from "./slice-watch.js";

/** Clocks driven by hand: wall time and this thread's CPU time move separately. */
function handClocks() {
  const clocks = { wall: 1_000_000, cpu: 500 };
  return {
    clocks,
    seam: { wallMs: () => clocks.wall, cpuMs: () => clocks.cpu },
  };
}

function watchWith(seam: { wallMs(): number; cpuMs(): number }) {
  const progress = new Int32Array(new SharedArrayBuffer(16));
  const limits = { busyLimitMs: 150, deadline: Number.POSITIVE_INFINITY };
  return new SliceWatch(progress, limits, { over: false }, seam);
}

describe("the busy limit counts the CPU time a slice used, not wall time", () => {
  test("a slice that waited for a core on a loaded machine is not busy", () => {
    const { clocks, seam } = handClocks();
    const watch = watchWith(seam);
    watch.begin();
    clocks.wall += 600; // the machine was loaded: four times the limit in wall time
    clocks.cpu += 60; // but the script computed for 60 ms
    expect(watch.shouldInterrupt()).toBe(false);
    expect(watch.reason).toBeUndefined();
  });

  test("a slice that computes past the limit is busy, loaded machine or not", () => {
    const { clocks, seam } = handClocks();
    const watch = watchWith(seam);
    watch.begin();
    clocks.wall += 600;
    clocks.cpu += 160;
    expect(watch.shouldInterrupt()).toBe(true);
    expect(watch.reason).toBe("busy");
  });

  test("each slice starts its own CPU count", () => {
    const { clocks, seam } = handClocks();
    const watch = watchWith(seam);
    watch.begin();
    clocks.cpu += 100;
    clocks.wall += 100;
    watch.finish();
    watch.begin();
    clocks.cpu += 100;
    clocks.wall += 200;
    expect(watch.shouldInterrupt()).toBe(false);
  });

  test("the cell's deadline is still wall time", () => {
    const { clocks, seam } = handClocks();
    const progress = new Int32Array(new SharedArrayBuffer(16));
    const watch = new SliceWatch(
      progress,
      { busyLimitMs: 150, deadline: clocks.wall + 1000 },
      { over: false },
      seam,
    );
    watch.begin();
    clocks.wall += 1001;
    expect(watch.shouldInterrupt()).toBe(true);
    expect(watch.reason).toBe("timeout");
  });
});
