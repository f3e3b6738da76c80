import { record, summarize } from "@elowen/bench";
import { createCodeModeControl } from "../src/control.js";
import { benchTurn } from "./bench-turn.js";

// Cell start-up: exec of a script that returns at once, from the call to its report, with a
// started (warm) worker as the pool keeps one. Cold start (a new worker thread loading and
// warming the engine) is printed beside it for reference: the pool pays it in the background.
const ROUNDS = 100;
const turn = await benchTurn();
for (let i = 0; i < 20; i++) await turn.exec("return 1");

const warm: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  const t0 = performance.now();
  await turn.exec("return 1");
  warm.push(performance.now() - t0);
}
turn.control.close();

const cold: number[] = [];
for (let i = 0; i < 10; i++) {
  const control = createCodeModeControl({ warmWorkers: 0 });
  const coldTurn = await benchTurn(control);
  const t0 = performance.now();
  await coldTurn.exec("return 1");
  cold.push(performance.now() - t0);
  control.close();
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;
const w = summarize(warm);
const c = summarize(cold);
record({
  name: "cell start-up, warm worker (exec of `return 1` to its report)",
  unit: "ms",
  value: round3(w.p50),
  p99: round3(w.p99),
  target: "< 50 ms",
});
record({
  name: "cell start-up, cold worker (thread start, engine load and warm-up)",
  unit: "ms",
  value: round3(c.p50),
  p99: round3(c.p99),
});
