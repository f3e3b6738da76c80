import { getEventListeners } from "node:events";
import { describe, expect, test } from "vitest";
import { currentTurn, runInTurn, scopedSignal, type TurnScope } from "./turn-scope.js";

const turn = (turnId: string): TurnScope => ({
  sessionId: "s_1",
  turnId,
  kind: "interactive",
  interactive: true,
});

describe("scopedSignal", () => {
  test("runs each relay's abort listeners in its own turn, not in the aborter's scope", () => {
    const source = new AbortController();
    const seen: (string | undefined)[] = [];
    for (const id of ["t_a", "t_b"]) {
      const signal = scopedSignal(source.signal, (fire) => runInTurn(turn(id), fire));
      signal.addEventListener("abort", () => seen.push(currentTurn()?.turnId));
    }
    source.abort(new Error("stopped"));
    expect(seen).toEqual(["t_a", "t_b"]);
  });

  test("adds one listener to the source however many calls wait on it", () => {
    const source = new AbortController();
    const signals = Array.from({ length: 50 }, () => scopedSignal(source.signal, (fire) => fire()));
    expect(getEventListeners(source.signal, "abort")).toHaveLength(1);
    const reason = new Error("stopped");
    source.abort(reason);
    expect(signals.every((s) => s.aborted && s.reason === reason)).toBe(true);
  });

  test("is aborted at once when the source already is", () => {
    const source = new AbortController();
    source.abort();
    const signal = scopedSignal(source.signal, (fire) => runInTurn(turn("t_c"), fire));
    expect(signal.aborted).toBe(true);
  });
});
