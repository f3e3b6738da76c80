import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { record, summarize } from "@elowen/bench";
import { ElowenClient } from "@elowen/client";
import type { SessionEvent } from "@elowen/wire";
import { spawnUntil } from "./load.js";

// The daemon under load, as the built binary in its own process: SESSIONS sessions of
// TURNS_PER_SESSION turns each, AT_ONCE sessions at a time, while SUBSCRIBERS live-event streams
// read one of the sessions (the watched one, whose turns run among the others). Turn latency is
// submit to settle over HTTP (`waitForSettle`); peak RSS is the daemon's high-water mark
// (VmHWM). The run fails unless every subscriber received every event of the watched session
// exactly once and in order.
const SESSIONS = 200;
const TURNS_PER_SESSION = 5;
const AT_ONCE = 50;
const SUBSCRIBERS = 500;
const ANSWER = "The work is done and every step went as planned. ".repeat(20);

const home = mkdtempSync(join(tmpdir(), "elowen-load-bench-"));
const script = join(home, "script.yaml");
const turn = `  - steps:\n      - text: ${JSON.stringify(ANSWER)}\n`;
writeFileSync(script, `turns:\n${turn.repeat(TURNS_PER_SESSION)}`);
writeFileSync(
  join(home, "elowen.yaml"),
  `model:\n  script: ${JSON.stringify(script)}\nplugins:\n  bundled: false\n`,
);
const bin = join(import.meta.dirname, "..", "dist", "bin.js");
const { child } = await spawnUntil(
  [bin],
  { ELOWEN_HOME: home, ELOWEN_PORT: "0", ELOWEN_HOST: "" },
  /^Press Ctrl-C/,
);

/** The daemon's peak resident set so far, in bytes (Linux). */
function peakRss(pid: number): number {
  const line = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(line?.[1] ?? 0) * 1024;
}

/** The counter of an event id (`<boot>.<counter>`). */
const counter = (id: string) => Number(id.slice(id.lastIndexOf(".") + 1));

/** One subscriber's events, and whether it had to reconnect. */
interface Subscriber {
  readonly events: SessionEvent[];
  opens: number;
  close(): Promise<void>;
}

try {
  const { url } = JSON.parse(readFileSync(join(home, "daemon.json"), "utf8")) as { url: string };
  const token = readFileSync(join(home, "owner.token"), "utf8").trim();
  const client = new ElowenClient({ baseUrl: url, token });
  const sessions = await Promise.all(
    Array.from({ length: SESSIONS }, () => client.sessions.create()),
  );
  const watched = sessions[0]?.id as string;
  const subscribers: Subscriber[] = [];
  await Promise.all(
    Array.from(
      { length: SUBSCRIBERS },
      () =>
        new Promise<void>((resolve) => {
          const subscriber: Subscriber = { events: [], opens: 0, close: async () => {} };
          const subscription = client.sessions.events(watched, {
            onEvent: (event) => subscriber.events.push(event),
            onOpen: () => {
              subscriber.opens += 1;
              resolve();
            },
          });
          subscriber.close = () => subscription.close();
          subscribers.push(subscriber);
        }),
    ),
  );

  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    for (let s = next++; s < SESSIONS; s = next++) {
      const id = sessions[s]?.id as string;
      for (let i = 0; i < TURNS_PER_SESSION; i += 1) {
        const started = performance.now();
        const reply = await client.sessions.submitTurn(id, {
          text: `turn ${i}`,
          waitForSettle: true,
        });
        latencies.push(performance.now() - started);
        if (reply.status !== "settled" || reply.outcome.reason !== "answer")
          throw new Error(`turn ${i} of session ${s} did not answer: ${JSON.stringify(reply)}`);
      }
    }
  };
  const wall = performance.now();
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  const wallMs = performance.now() - wall;

  // Every subscriber has the watched session's fifth turn_completed before it is compared.
  const completed = (s: Subscriber) => s.events.filter((e) => e.type === "turn_completed").length;
  for (let i = 0; i < 2000 && subscribers.some((s) => completed(s) < TURNS_PER_SESSION); i += 1)
    await new Promise((resolve) => setTimeout(resolve, 10));
  const reference = subscribers[0]?.events.map((e) => e.id) ?? [];
  const problems: string[] = [];
  if (new Set(reference).size !== reference.length) problems.push("subscriber 0 saw a duplicate");
  if (reference.some((id, i) => i > 0 && counter(id) <= counter(reference[i - 1] ?? "")))
    problems.push("subscriber 0 saw events out of order");
  subscribers.forEach((s, i) => {
    if (completed(s) !== TURNS_PER_SESSION)
      problems.push(`subscriber ${i} saw ${completed(s)} of ${TURNS_PER_SESSION} turns settle`);
    if (s.opens !== 1) problems.push(`subscriber ${i} reconnected ${s.opens - 1} time(s)`);
    const ids = s.events.map((e) => e.id);
    if (ids.length !== reference.length || ids.some((id, k) => id !== reference[k]))
      problems.push(
        `subscriber ${i} saw ${ids.length} events, not the ${reference.length} of the others, in order`,
      );
  });
  await Promise.all(subscribers.map((s) => s.close()));
  if (problems.length > 0)
    throw new Error(
      `live events were lost, repeated or reordered:\n${problems.slice(0, 20).join("\n")}`,
    );

  const turns = summarize(latencies);
  const label = `${SESSIONS} sessions x ${TURNS_PER_SESSION} turns, ${AT_ONCE} at once, ${SUBSCRIBERS} subscribers on one`;
  record({
    name: `turn latency submit to settle over HTTP, ${label}`,
    unit: "ms",
    value: Number(turns.p50.toFixed(1)),
    p99: Number(turns.p99.toFixed(1)),
  });
  record({
    name: `daemon peak RSS, ${label}`,
    unit: "MB",
    value: Math.round(peakRss(child.pid as number) / 1e6),
    target: "bounded",
  });
  console.log(
    `  ${latencies.length} turns in ${(wallMs / 1000).toFixed(1)} s; p50 ${turns.p50.toFixed(1)} ms, p99 ${turns.p99.toFixed(1)} ms; each of ${SUBSCRIBERS} subscribers got all ${reference.length} events once, in order`,
  );
} finally {
  child.kill("SIGKILL");
  rmSync(home, { recursive: true, force: true });
}
