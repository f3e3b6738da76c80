#!/usr/bin/env node
// `npm run newcomer`: the first hour of a new user, scripted. On a fresh clone of this repository
// (its committed HEAD): `npm start` (time and lines to listening), a second start with nothing
// changed, the first turn's latency against later ones, then the end-to-end tests that cover the
// rest of a newcomer's path: every web command, reconnecting after a restart, axe-core on every
// screen (Chromium), and the CLI's fast-typing case (the real `elowen` bin in tmux).
// Exits non-zero when a target is missed or a test fails. Takes several minutes.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cloneRepository, freePort, median, npmStart, turnLatencies } from "./newcomer-steps.mjs";

const root = join(import.meta.dirname, "..", "..");
const TARGETS = {
  freshMs: 180_000,
  lines: 30,
  laterMs: 5_000,
  typingMs: 2_000,
  firstTurnExtraMs: 100,
};
const results = [];
const check = (name, value, ok, target) => {
  results.push({ name, value, ok, target });
  console.log(`${ok ? "✓" : "✗"} ${name}: ${value} (target ${target})`);
};

const repo = cloneRepository(root);
const home = mkdtempSync(join(tmpdir(), "elowen-newcomer-home-"));
try {
  const fresh = await npmStart(repo, home, await freePort());
  await fresh.stop();
  check(
    "fresh clone: npm start to listening",
    `${(fresh.ms / 1000).toFixed(1)} s`,
    fresh.ms < TARGETS.freshMs,
    "< 180 s",
  );
  check(
    "fresh clone: lines printed",
    fresh.lines.length,
    fresh.lines.length <= TARGETS.lines,
    "<= 30",
  );

  const later = await npmStart(repo, home, await freePort());
  check(
    "later start, nothing changed",
    `${(later.ms / 1000).toFixed(1)} s`,
    later.ms < TARGETS.laterMs,
    "< 5 s",
  );
  // The first message a person types comes a moment after the daemon listens; the daemon warms
  // what the first turn needs in that moment.
  const turns = await turnLatencies(later.url, home, 4, { pauseMs: TARGETS.typingMs });
  await later.stop();
  const gap = turns.first - median(turns.later);
  check(
    `first turn (sent ${TARGETS.typingMs / 1000} s after listening) against later turns`,
    `${Math.round(turns.first)} ms vs ${Math.round(median(turns.later))} ms`,
    gap <= TARGETS.firstTurnExtraMs,
    `at most ${TARGETS.firstTurnExtraMs} ms slower`,
  );
} finally {
  rmSync(join(repo, ".."), { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
}

// The rest runs as tests in this checkout (built by `pnpm build`).
const suites = [
  [
    "apps/web",
    ["test/e2e/commands.test.ts", "test/e2e/reconnect.test.ts", "test/e2e/a11y.test.ts"],
  ],
  ["apps/cli", ["test/e2e/chat-tmux.test.ts"]],
];
for (const [dir, files] of suites) {
  const r = spawnSync("npx", ["vitest", "run", ...files], {
    cwd: join(root, dir),
    stdio: "inherit",
  });
  check(
    `${dir}: ${files.join(", ")}`,
    r.status === 0 ? "passed" : "failed",
    r.status === 0,
    "pass",
  );
}
const missed = results.filter((r) => !r.ok);
console.log(
  missed.length === 0 ? "\n✓ the newcomer run met every target" : `\n✗ ${missed.length} missed`,
);
process.exit(missed.length === 0 ? 0 : 1);
