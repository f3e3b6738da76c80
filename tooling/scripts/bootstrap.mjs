#!/usr/bin/env node
// The README's two commands, usable on a machine that has only Node 20 and npm:
//   npm start       installs, builds, and runs `elowen daemon` on its embedded defaults
//   npm run check   installs (and Chromium and tmux for the tests), then runs everything CI runs
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pnpm } from "./pnpm.mjs";

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

if (mode === "start") {
  install();
  // `elowen daemon` runs the daemon in the foreground and serves the web client when it is built.
  step(
    "build the daemon",
    pnpm(["turbo", "run", "build", "--filter", "@elowen/daemon..."], { cwd: root }),
  );
  if (pnpm(["turbo", "run", "build", "--filter", "@elowen/web"], { cwd: root }) !== 0) {
    console.error(
      "\n! The web client did not build: the daemon will serve the API alone (the CLI works).",
    );
  }
  step(
    "build the CLI",
    pnpm(["turbo", "run", "build", "--filter", "@elowen/cli", "--only"], { cwd: root }),
  );
  const bin = join(root, "apps", "cli", "dist", "bin.js");
  const r = spawnSync(process.execPath, [bin, "daemon", ...rest], {
    stdio: "inherit",
    cwd: process.cwd(),
  });
  process.exit(r.status ?? 0);
} else if (mode === "check") {
  install();
  ensureSystemTools();
  step("lint", pnpm(["run", "lint"], { cwd: root }));
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
