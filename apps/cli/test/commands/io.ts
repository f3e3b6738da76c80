import type { CliIo } from "../../src/cli/context.js";

/** An io that records what a command printed. */
export function recordingIo(
  env: Record<string, string | undefined> = {},
): CliIo & { out: () => string; err: () => string } {
  let out = "";
  let err = "";
  return {
    stdout: (text) => {
      out += text;
    },
    stderr: (text) => {
      err += text;
    },
    env,
    interactive: false,
    out: () => out,
    err: () => err,
  };
}
