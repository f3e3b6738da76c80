import { describe, expect, test } from "vitest";
import { gracefulStop, type StopParts } from "./graceful-stop.js";

/** Parts that record each call in order on a clock the test moves. */
function recordingParts(overrides: Partial<StopParts> = {}) {
  let clock = 1_000_000;
  const calls: string[] = [];
  const deadlines: number[] = [];
  const logs: string[] = [];
  const step = (name: string) => ({ name, run: () => calls.push(name) });
  const parts: StopParts = {
    pauseDeadlineMs: 100,
    now: () => clock,
    stopAdmitting: () => calls.push("stop admitting"),
    quiet: [step("sweep")],
    pauseBrain: async (deadline) => {
      deadlines.push(deadline);
      calls.push("pause brain");
      // A turn that takes most of the pause to abort.
      clock += 80;
    },
    idle: async () => {
      calls.push("idle");
    },
    shutdownPlugins: async (payload) => {
      deadlines.push(payload.deadline);
      calls.push(`shutdown ${payload.reason}`);
      return { abandoned: [] };
    },
    close: [step("server"), step("checkpoint"), step("store"), step("daemon.json")],
    log: (message) => logs.push(message),
    ...overrides,
  };
  return { parts, calls, deadlines, logs };
}

describe("gracefulStop", () => {
  test("stops admitting work first, then pauses, fires plugin.shutdown, checkpoints and closes in order", async () => {
    const { parts, calls } = recordingParts();
    await gracefulStop("signal", parts);
    expect(calls).toEqual([
      "stop admitting",
      "sweep",
      "pause brain",
      "idle",
      "shutdown signal",
      "server",
      "checkpoint",
      "store",
      "daemon.json",
    ]);
  });

  test("plugin.shutdown gets what is left of the one pause deadline, not a fresh one", async () => {
    const { parts, deadlines } = recordingParts();
    await gracefulStop("stop", parts);
    // Stop began at 1,000,000 with a 100 ms pause; the brain took 80 of them.
    expect(deadlines).toEqual([1_000_100, 1_000_100]);
  });

  test("a failing step is logged and the rest still run; the first failure is thrown at the end", async () => {
    const { parts, calls, logs } = recordingParts({
      shutdownPlugins: async () => {
        throw new Error("bus broke");
      },
    });
    const { close } = parts;
    const failing = {
      ...parts,
      close: [
        { name: "server", run: () => Promise.reject(new Error("port stuck")) },
        ...close.slice(1),
      ],
    };
    await expect(gracefulStop("signal", failing)).rejects.toThrow("bus broke");
    expect(calls.slice(-3)).toEqual(["checkpoint", "store", "daemon.json"]);
    expect(logs).toEqual([
      "stop: plugin.shutdown failed: bus broke",
      "stop: server failed: port stuck",
    ]);
  });

  test("plugins abandoned at the deadline are named in the log", async () => {
    const { parts, logs } = recordingParts({
      shutdownPlugins: async () => ({ abandoned: ["acme-hang", "acme-slow"] }),
    });
    await gracefulStop("signal", parts);
    expect(logs).toEqual([
      "plugin.shutdown passed the pause deadline; abandoned: acme-hang, acme-slow",
    ]);
  });
});
