// `npm start`: install when the dependencies changed, build what running needs (JavaScript only,
// no declaration files), then run `elowen daemon` in the foreground. One line per stage; each
// stage's full output goes to node_modules/.cache/elowen-start/<stage>.log.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { delimiter, join } from "node:path";
import { pnpmCommand } from "./pnpm.mjs";
import { formatDuration, lastLines, runStage } from "./stage.mjs";

/** The variable that tells the tsup preset to skip declaration files (the start path's build). */
export const START_BUILD_ENV = "ELOWEN_BUILD_JS_ONLY";

const WORKSPACE_GLOBS = ["packages", "packages/plugins", "apps", "tooling"];

/** Every workspace package.json, with the root's, the lockfile and the workspace file. */
function dependencyInputs(root) {
  const files = ["package.json", "pnpm-lock.yaml", "pnpm-workspace.yaml"].map((f) => join(root, f));
  for (const dir of WORKSPACE_GLOBS) {
    const base = join(root, dir);
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base)) {
      const manifest = join(base, name, "package.json");
      if (existsSync(manifest)) files.push(manifest);
    }
  }
  return files.filter((f) => existsSync(f));
}

/**
 * True when pnpm validated this workspace's node_modules after every package.json, the lockfile
 * and the workspace file last changed (the check pnpm's own `verifyDepsBeforeRun` makes).
 */
export function dependenciesUpToDate(root) {
  const state = join(root, "node_modules", ".pnpm-workspace-state-v1.json");
  if (!existsSync(state)) return false;
  let validated;
  try {
    validated = JSON.parse(readFileSync(state, "utf8")).lastValidatedTimestamp;
  } catch {
    return false;
  }
  if (typeof validated !== "number") return false;
  return dependencyInputs(root).every((file) => statSync(file).mtimeMs <= validated);
}

/** "17 packages, 12 from cache" from turbo's summary lines. */
export function turboSummary(output) {
  const total = /Tasks:\s+\d+ successful, (\d+) total/.exec(output)?.[1];
  const cached = /Cached:\s+(\d+) cached/.exec(output)?.[1];
  if (total === undefined) return "";
  return cached === undefined || cached === "0"
    ? `${total} packages`
    : `${total} packages, ${cached === total ? "all" : cached} from cache`;
}

/** Runs the start path from the repository at `root`; resolves the daemon's exit code. */
export async function start(root, daemonArgs) {
  const logs = join(root, "node_modules", ".cache", "elowen-start");
  const bin = join(root, "node_modules", ".bin");
  const env = { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ""}` };
  const fail = (title, result, logFile) => {
    console.error(`✗ ${title} failed (exit ${result.status}); the end of ${logFile}:`);
    console.error(lastLines(result.output));
    return result.status || 1;
  };

  if (dependenciesUpToDate(root)) console.log("✓ dependencies up to date");
  else {
    const logFile = join(logs, "install.log");
    const [cmd, pre] = pnpmCommand();
    const frozen = process.env.CI ? ["--frozen-lockfile"] : [];
    const title = "installing dependencies (pnpm install)";
    const result = await runStage(title, cmd, [...pre, "install", ...frozen], {
      logFile,
      env,
      cwd: root,
    });
    if (result.status !== 0) return fail(title, result, logFile);
    console.log(`✓ dependencies installed (${formatDuration(result.ms)})`);
  }

  const buildLog = join(logs, "build.log");
  const title = "building the daemon, the CLI and the web client";
  const build = await runStage(
    title,
    join(bin, "turbo"),
    ["run", "build", "--filter=@elowen/cli...", "--output-logs=errors-only", "--log-order=grouped"],
    { logFile: buildLog, env: { ...env, [START_BUILD_ENV]: "1" }, cwd: root },
  );
  if (build.status !== 0) return fail(title, build, buildLog);
  const summary = turboSummary(build.output);
  console.log(`✓ built (${summary ? `${summary}, ` : ""}${formatDuration(build.ms)})`);

  const cli = join(root, "apps", "cli", "dist", "bin.js");
  return await new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, "daemon", ...daemonArgs], {
      stdio: "inherit",
      cwd: process.cwd(),
    });
    // Ctrl-C reaches the daemon through the terminal's process group; we wait for it to finish.
    process.on("SIGINT", () => {});
    process.on("SIGTERM", () => child.kill("SIGTERM"));
    child.on("exit", (code, signal) => resolve(code ?? (signal === "SIGINT" ? 130 : 1)));
  });
}
