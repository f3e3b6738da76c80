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

/** The same 100 calls made directly through a tool-trace sink in-process, per call. */
async function directRound(round: number): Promise<number> {
  let rows = 0;
  const sink = new ToolTraceTurn({ mintId: () => `d-${++rows}` }).trace(`direct-${round}`);
  const t0 = performance.now();
  for (let i = 0; i < CALLS; i++)
    await sink.call("Noop", { i }, (rowId) => noop.execute(rowId, { i }));
  return (performance.now() - t0) / CALLS;
}

/** A cell making the calls, less a cell making none, per call. */
async function cellRound(script: string): Promise<number> {
  const t0 = performance.now();
  await turn.exec("return 0");
  const t1 = performance.now();
  await turn.exec(script);
  const t2 = performance.now();
  return (t2 - t1 - (t1 - t0)) / CALLS;
}

// Ours and the peer interleaved, round by round, so drift on a shared machine hits both alike.
const samples = { direct: [] as number[], sequential: [] as number[], parallel: [] as number[] };
for (let round = 0; round < ROUNDS; round++) {
  samples.direct.push(await directRound(round));
  samples.sequential.push(await cellRound(sequential));
  samples.parallel.push(await cellRound(parallel));
}
const direct = summarize(samples.direct);
const seq = summarize(samples.sequential);
const par = summarize(samples.parallel);
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
