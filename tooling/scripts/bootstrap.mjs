#!/usr/bin/env node
// The README's two commands, usable on a machine that has only Node 20 and npm:
//   npm start       installs, builds, and runs `elowen daemon` on its embedded defaults (start.mjs)
//   npm run check   installs (and Chromium and tmux for the tests), then runs everything CI runs
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { pnpm } from "./pnpm.mjs";
import { start } from "./start.mjs";

const root = join(import.meta.dirname, "..", "..");
const [mode = "check", ...rest] = process.argv.slice(2);

function step(title, status) {
  if (status !== 0) {
    console.error(`\n✗ ${title} failed (exit ${status}).`);
    process.exit(status || 1);
  }
}

function install() {
  const frozen =
    existsSync(join(root, "pnpm-lock.yaml")) && process.env.CI ? ["--frozen-lockfile"] : [];
  step("pnpm install", pnpm(["install", ...frozen], { cwd: root }));
}

// The system programs the tests drive: Debian's Chromium (browser tests) and tmux (the CLI's
// end-to-end tests). Installed with apt-get when missing and running as root; otherwise a clear
// message says what to install.
const SYSTEM_TOOLS = [
  {
    name: "chromium",
    path: process.env.ELOWEN_CHROMIUM ?? "/usr/bin/chromium",
    purpose: "the browser tests",
    env: "ELOWEN_CHROMIUM",
  },
  { name: "tmux", path: "/usr/bin/tmux", purpose: "the CLI's end-to-end tests" },
];

function ensureSystemTools() {
  const missing = SYSTEM_TOOLS.filter(
    (tool) =>
      !existsSync(tool.path) && spawnSync("sh", ["-c", `command -v ${tool.name}`]).status !== 0,
  );
  if (missing.length === 0) return;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  const names = missing.map((tool) => tool.name);
  if (isRoot && hasApt) {
    console.log(
      `Installing Debian's ${names.join(" and ")} for ${missing.map((t) => t.purpose).join(" and ")} (apt-get)…`,
    );
    step("apt-get update", spawnSync("apt-get", ["update"], { stdio: "inherit" }).status ?? 1);
    step(
      `apt-get install ${names.join(" ")}`,
      spawnSync("apt-get", ["install", "-y", "--no-install-recommends", ...names], {
        stdio: "inherit",
        env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      }).status ?? 1,
    );
    return;
  }
  for (const tool of missing) {
    console.error(
      `${tool.purpose} need ${tool.name}${tool.env ? ` at ${tool.path}` : ""}: install Debian's package (sudo apt-get install ${tool.name})${tool.env ? ` or set ${tool.env} to the binary` : ""}, then run again.`,
    );
  }
  process.exit(1);
}

// The daemon's PostgreSQL store tests need a server at 127.0.0.1:5432; a test that cannot reach
// it fails. Started here when the cluster is installed but down; otherwise a message says how.
function ensurePostgres() {
  const ready = () => spawnSync("pg_isready", ["-q", "-h", "127.0.0.1", "-p", "5432"]).status === 0;
  if (spawnSync("sh", ["-c", "command -v pg_isready"]).status !== 0) {
    console.error(
      "the PostgreSQL store tests need PostgreSQL 15 at 127.0.0.1:5432 (trust authentication for user postgres): install Debian's postgresql package, then run again.",
    );
    process.exit(1);
  }
  if (ready()) return;
  const versions = existsSync("/etc/postgresql") ? readdirSync("/etc/postgresql") : [];
  for (const version of versions) {
    console.log(`Starting PostgreSQL ${version} (pg_ctlcluster)…`);
    spawnSync("pg_ctlcluster", ["--skip-systemctl-redirect", version, "main", "start"], {
      stdio: "inherit",
    });
  }
  if (!ready()) {
    console.error(
      "PostgreSQL is not accepting connections at 127.0.0.1:5432: start it with `pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start`, then run again.",
    );
    process.exit(1);
  }
}

if (mode === "start") {
  process.exitCode = await start(root, rest);
} else if (mode === "check") {
  install();
  ensureSystemTools();
  ensurePostgres();
  step("lint", pnpm(["run", "lint"], { cwd: root }));
  step("module cycles", pnpm(["run", "cycles"], { cwd: root }));
  step("plain throws", pnpm(["run", "plain-throws"], { cwd: root }));
  step("planning references", pnpm(["run", "doc-refs"], { cwd: root }));
  step(
    "build, typecheck, package checks and tests",
    pnpm(["turbo", "run", "build", "typecheck", "check:pkg", "test", "--concurrency=1"], {
      cwd: root,
    }),
  );
  step("API reports", pnpm(["run", "api:check"], { cwd: root }));
  console.log("\n✓ every check passed");
} else {
  console.error(`unknown mode "${mode}": expected "start" or "check"`);
  process.exit(2);
}
