// A producer filling its whole budget: 100 calls whose records total about 128 KiB. We time call
// admission (open, execute, settle, fit to the budget) and drain, against the floor of a bare
// JSON.stringify of the same 100 records: sizing every record against the byte budget costs at
// least one serialization of it.

import { compare, do_not_optimize, measure, record } from "@elowen/bench";
import { MAX_TRACE_BYTES, MAX_TRACE_RECORDS } from "@elowen/plugin-api/limits";
import { textResult } from "@elowen/plugin-api/tools";
import { ToolTraceLog } from "../src/trace-log.js";

const clock = { now: () => 1_700_000_000_000, monotonic: () => performance.now() };
let minted = 0;
const mintId = () => `row-${++minted}`;

// About 1.3 KiB of record per call (arguments of 500 characters, output of 630): 100 calls take
// about 99% of the byte budget, and none is cut.
const args = { command: `grep -rn ${"pattern ".repeat(60)}`, description: "search the tree" };
const result = textResult("match: ".repeat(90));

function fillSync(log: ToolTraceLog): Promise<unknown> {
  const calls: Promise<unknown>[] = [];
  for (let i = 0; i < MAX_TRACE_RECORDS; i++)
    calls.push(log.call("Bash", args, async () => result));
  return Promise.all(calls);
}

// Check the scenario really fills the budget, then take the records as the peer's input.
const sample = new ToolTraceLog({ producerId: "cell", mintId, clock });
await fillSync(sample);
const records = sample.sink.drain("exec-0");
const usage = sample.usage();
console.log(
  `scenario: ${records.length} records, ${usage.bytes} of ${MAX_TRACE_BYTES} bytes, ${usage.droppedRows} rows left out`,
);
if (records.length !== MAX_TRACE_RECORDS || usage.bytes < MAX_TRACE_BYTES * 0.95)
  throw new Error("the benchmark no longer fills a producer's budget");

const admission = await compare({
  name: "fill a producer: 100 call admissions (~128 KiB)",
  ours: async () =>
    do_not_optimize(await fillSync(new ToolTraceLog({ producerId: "cell", mintId, clock }))),
  peer: () => do_not_optimize(JSON.stringify(records)),
  peerName: "JSON.stringify of the same 100 records",
  unit: "µs/op",
  target: "informational (per admission below)",
});
record({
  name: "call admission, per call of 100 opened at once (median run / 100)",
  unit: "µs/op",
  value: Math.round((admission.value / MAX_TRACE_RECORDS) * 1000) / 1000,
  target: "< 20 µs",
});

// Each admission on its own, as a producer makes them one after another (open, execute, settle
// and fit, awaited), interleaved with JSON.stringify of the very record it produced: the median
// over every admission of filling producers, early (roomy) and late (near the caps) alike.
const admissionTimes: number[] = [];
const recordTimes: number[] = [];
for (let round = 0; round < 300; round++) {
  const log = new ToolTraceLog({ producerId: "cell", mintId, clock });
  for (let i = 0; i < MAX_TRACE_RECORDS; i++) {
    const t0 = performance.now();
    do_not_optimize(await log.call("Bash", args, async () => result));
    const t1 = performance.now();
    const own = log.records()[i];
    const t2 = performance.now();
    do_not_optimize(JSON.stringify(own));
    const t3 = performance.now();
    if (round < 20) continue; // warm-up
    admissionTimes.push((t1 - t0) * 1000);
    recordTimes.push((t3 - t2) * 1000);
  }
}

// Drain empties the log, so each measurement drains a producer filled beforehand.
const POOL = 400;
async function filledPool(): Promise<ToolTraceLog[]> {
  const pool: ToolTraceLog[] = [];
  for (let i = 0; i < POOL; i++) {
    const log = new ToolTraceLog({ producerId: "cell", mintId, clock });
    await fillSync(log);
    pool.push(log);
  }
  return pool;
}
const drainTimes: number[] = [];
const stringifyTimes: number[] = [];
for (let round = 0; round < 5; round++) {
  const pool = await filledPool();
  for (const log of pool) {
    const t0 = performance.now();
    do_not_optimize(log.sink.drain("exec-1"));
    const t1 = performance.now();
    do_not_optimize(JSON.stringify(records));
    const t2 = performance.now();
    drainTimes.push((t1 - t0) * 1000);
    stringifyTimes.push((t2 - t1) * 1000);
  }
}
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] as number;
};
const round3 = (n: number) => Math.round(n * 1000) / 1000;
/** Records the medians of ours and of the peer, measured interleaved, and their ratio. */
function recordMedians(
  name: string,
  ours: number[],
  peer: number[],
  peerName: string,
  target: string,
) {
  const value = median(ours);
  const peerValue = median(peer);
  record({
    name,
    unit: "µs/op",
    value: round3(value),
    peer: peerName,
    peerValue: round3(peerValue),
    ratio: round3(value / peerValue),
    target,
  });
}
recordMedians(
  "call admission, median of single admissions filling a producer",
  admissionTimes,
  recordTimes,
  "JSON.stringify of the record it produced",
  "< 20 µs",
);
recordMedians(
  "drain a full producer (100 records)",
  drainTimes,
  stringifyTimes,
  "JSON.stringify of the same 100 records",
  "informational",
);
const stats = await measure(() => JSON.stringify(records));
console.log(`floor check: JSON.stringify p50 ${Math.round(stats.p50) / 1000} µs`);
