import { appendFileSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { measure as mitataMeasure } from "mitata";

export { do_not_optimize } from "mitata";

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

function packageName() {
  try {
    return JSON.parse(readFileSync(join(process.cwd(), "package.json"), "utf8")).name;
  } catch {
    return "unknown";
  }
}

/**
 * Measures `fn` (sync or async) with mitata and returns nanosecond statistics per call.
 * The options pass through to mitata (`min_cpu_time`, `min_samples`, ...).
 */
export async function measure(fn, options = {}) {
  const stats = await mitataMeasure(fn, { min_cpu_time: 300e6, ...options });
  return {
    p50: stats.p50,
    p99: stats.p99,
    avg: stats.avg,
    min: stats.min,
    max: stats.max,
    samples: stats.samples.length,
  };
}

/**
 * Runs ours and the peer on the same input in the same process, interleaved over `rounds`
 * rounds, and reports the ratio ours/peer of the medians (BENCH.md). Returns the figure.
 */
export async function compare({
  name,
  ours,
  peer,
  peerName,
  target,
  unit = "ns/op",
  rounds = 5,
  options = {},
  pkg,
}) {
  const oursP50 = [];
  const peerP50 = [];
  const oursP99 = [];
  for (let round = 0; round < rounds; round++) {
    const a = await measure(ours, options);
    const b = await measure(peer, options);
    oursP50.push(a.p50);
    oursP99.push(a.p99);
    peerP50.push(b.p50);
  }
  const value = median(oursP50);
  const peerValue = median(peerP50);
  return record({
    package: pkg ?? packageName(),
    name,
    unit,
    value: round3(scale(value, unit)),
    p99: round3(scale(median(oursP99), unit)),
    peer: peerName,
    peerValue: round3(scale(peerValue, unit)),
    ratio: round3(value / peerValue),
    target,
  });
}

/** Measures one function with no peer and records its median (and p99). */
export async function single({ name, fn, target, unit = "ns/op", options = {}, pkg }) {
  const stats = await measure(fn, options);
  return record({
    package: pkg ?? packageName(),
    name,
    unit,
    value: round3(scale(stats.p50, unit)),
    p99: round3(scale(stats.p99, unit)),
    target,
  });
}

function scale(ns, unit) {
  if (unit === "µs/op" || unit === "us/op") return ns / 1e3;
  if (unit === "ms/op" || unit === "ms") return ns / 1e6;
  return ns;
}

const round3 = (n) => Math.round(n * 1000) / 1000;

/** Summarises samples already taken (milliseconds, bytes, ...) as median and p99. */
export function summarize(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const p = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: median(sorted), p99: p(0.99), min: sorted[0], max: sorted[sorted.length - 1] };
}

/**
 * Records one figure for `pnpm bench`'s report and prints it. A figure is
 * `{ package, name, unit, value, target?, peer?, peerValue?, ratio?, p99? }`.
 */
export function record(figure) {
  const full = { package: figure.package ?? packageName(), ...figure };
  const out = process.env.ELOWEN_BENCH_OUT;
  if (out) {
    mkdirSync(out, { recursive: true });
    appendFileSync(join(out, "figures.jsonl"), `${JSON.stringify(full)}\n`);
  }
  const ratio = full.ratio === undefined ? "" : ` → ratio ${full.ratio}`;
  const peer = full.peer ? `  vs ${full.peer} ${full.peerValue}${ratio}` : "";
  console.log(
    `${full.package} · ${full.name}: ${full.value} ${full.unit}${peer}${full.target ? `  (target: ${full.target})` : ""}`,
  );
  return full;
}
