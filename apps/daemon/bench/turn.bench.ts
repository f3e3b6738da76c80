import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { record, summarize } from "@elowen/bench";
import { barePeer, hostScenario, PER_SESSION } from "./turn-fixtures.js";

// Host overhead per turn, submit to settle, with the offline model (no model latency) and 20
// plugins each registering a fragment, a turn-context provider, a step-context provider and
// observational hooks; against pi-agent-core running the same scripted turn (one tool call, the
// step-context notes, then an answer, on the same system prompt, tools and history) with no host
// around it. Both sides warm up, then alternate turn by turn in this process (ABBA, so neither
// always runs first); p50 and p99 of both are printed. Journal growth per turn in bytes.
//
// The daemon runs for days, so the figure is its steady state. The host's code takes about
// 2,000 turns to reach it here (V8 tiers a function up only after many calls, and a turn calls
// each of the host's functions once or twice): the median of 500-turn windows falls from about
// 3.2x to 2.65x over the first 2,000 and then holds within a few per cent. The warm-up prints
// those window medians, so a run shows where its steady state began.
const TURNS = 3000;
const WARMUP = 3000;
const WINDOW = 500;
const home = mkdtempSync(join(tmpdir(), "elowen-turn-bench-"));
const ms = (n: number) => Number(n.toFixed(3));

async function measure(ours: (n: number) => Promise<number>, peer: (n: number) => Promise<number>) {
  const windows: string[] = [];
  for (let start = 0; start < WARMUP; start += WINDOW) {
    const a: number[] = [];
    const b: number[] = [];
    for (let i = start; i < start + WINDOW; i += 1) {
      a.push(await ours(PER_SESSION + i));
      b.push(await peer(i));
    }
    windows.push((summarize(a).p50 / summarize(b).p50).toFixed(2));
  }
  console.log(`  warm-up, ratio of the medians of each ${WINDOW} turns: ${windows.join(" ")}`);
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < TURNS; i += 1) {
    const n = PER_SESSION + WARMUP + i;
    if (i % 2 === 0) {
      a.push(await ours(n));
      b.push(await peer(n));
    } else {
      b.push(await peer(n));
      a.push(await ours(n));
    }
  }
  return { ours: summarize(a), peer: summarize(b) };
}

const full = await hostScenario(home, 20);
const lean = await hostScenario(home, 1);
const fullPeer = barePeer(full.inputs);
const leanPeer = barePeer(lean.inputs);
try {
  await full.store.checkpoint();
  const before = statSync(full.db).size;
  const twenty = await measure(full.turn, fullPeer.turn);
  await full.store.checkpoint();
  const growth = (statSync(full.db).size - before) / (TURNS + WARMUP);
  const one = await measure(lean.turn, leanPeer.turn);
  const peerName = "pi-agent-core runAgentLoop, same scripted turn and context, no host";
  for (const [name, m, target] of [
    [
      "turn submit to settle, 20 plugins, offline model",
      twenty,
      "p50 < 5 ms, p99 < 20 ms, ratio <= 3",
    ],
    ["turn submit to settle, 1 plugin (the tool's), offline model", one, undefined],
  ] as const) {
    record({
      name,
      unit: "ms",
      value: ms(m.ours.p50),
      p99: ms(m.ours.p99),
      peer: peerName,
      peerValue: ms(m.peer.p50),
      ratio: ms(m.ours.p50 / m.peer.p50),
      ...(target === undefined ? {} : { target }),
    });
    console.log(
      `  p50 ${ms(m.ours.p50)} ms, p99 ${ms(m.ours.p99)} ms; peer p50 ${ms(m.peer.p50)} ms, p99 ${ms(m.peer.p99)} ms; host overhead p50 ${ms(m.ours.p50 - m.peer.p50)} ms`,
    );
  }
  record({
    name: "journal growth per turn, 20 plugins (one tool call and an answer)",
    unit: "bytes/turn",
    value: Math.round(growth),
  });
} finally {
  fullPeer.close();
  leanPeer.close();
  await full.daemon.stop();
  await lean.daemon.stop();
  rmSync(home, { recursive: true, force: true });
}
