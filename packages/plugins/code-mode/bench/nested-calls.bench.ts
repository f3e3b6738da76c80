import { record, summarize } from "@elowen/bench";
import { ToolTraceTurn } from "@elowen/tool-trace";
import { benchTurn, noop } from "./bench-turn.js";

// Host overhead per nested call: a cell making 100 sequential nested calls to a trivial tool,
// less a cell making none, divided by 100. Every call crosses worker → host → sink → tool → host
// → worker. The peer is the same 100 calls made directly through a tool-trace sink in-process.
const CALLS = 100;
const ROUNDS = 60;
const sequential = `for (let i = 0; i < ${CALLS}; i++) await tools.Noop({ i });`;
const parallel = `await Promise.all(Array.from({ length: ${CALLS} }, (_, i) => tools.Noop({ i })));`;

const turn = await benchTurn();
for (let i = 0; i < 10; i++) {
  await turn.exec("return 0");
  await turn.exec(sequential);
}

async function perCall(script: string): Promise<number[]> {
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const t0 = performance.now();
    await turn.exec("return 0");
    const t1 = performance.now();
    await turn.exec(script);
    const t2 = performance.now();
    samples.push((t2 - t1 - (t1 - t0)) / CALLS);
  }
  return samples;
}

async function directPerCall(): Promise<number[]> {
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let rows = 0;
    const sink = new ToolTraceTurn({ mintId: () => `d-${++rows}` }).trace(`direct-${round}`);
    const t0 = performance.now();
    for (let i = 0; i < CALLS; i++)
      await sink.call("Noop", { i }, (rowId) => noop.execute(rowId, { i }));
    samples.push((performance.now() - t0) / CALLS);
  }
  return samples;
}

const direct = summarize(await directPerCall());
const seq = summarize(await perCall(sequential));
const par = summarize(await perCall(parallel));
const round3 = (n: number) => Math.round(n * 1000) / 1000;

record({
  name: "host overhead per nested call (100 sequential calls to a trivial tool)",
  unit: "ms",
  value: round3(seq.p50),
  p99: round3(seq.p99),
  peer: "the same calls through a tool-trace sink, no sandbox",
  peerValue: round3(direct.p50),
  ratio: round3(seq.p50 / direct.p50),
  target: "< 0.5 ms median",
});
record({
  name: "host overhead per nested call (100 calls at once with Promise.all)",
  unit: "ms",
  value: round3(par.p50),
  p99: round3(par.p99),
  target: "< 0.5 ms median",
});
turn.control.close();
