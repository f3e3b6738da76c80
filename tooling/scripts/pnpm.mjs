// How to call pnpm from a script: the pnpm that runs us when there is one, else the pinned one
// through npx (corepack cannot be used on these machines: its signature check fails).
import { spawnSync } from "node:child_process";

export const PNPM_VERSION = "12.4.2";

export function pnpmCommand() {
  const execPath = process.env.npm_execpath ?? "";
  if (/pnpm/.test(execPath) && execPath.endsWith(".cjs")) return [process.execPath, [execPath]];
  return ["npx", ["-y", `pnpm@${PNPM_VERSION}`]];
}

export function pnpm(args, options = {}) {
  const [cmd, pre] = pnpmCommand();
  const r = spawnSync(cmd, [...pre, ...args], { stdio: "inherit", ...options });
  if (r.error) throw r.error;
  return r.status ?? 1;
}
