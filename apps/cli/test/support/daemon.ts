import { join } from "node:path";
import { startTestDaemon, type TestDaemon } from "@elowen/daemon/testing";

export type { TestDaemon } from "@elowen/daemon/testing";

/** The demo plugin (`demo/cli-kit`): a sign-in picker with a notice and URL, a task picker, tools for turns. */
export const DEMO_PLUGIN = join(import.meta.dirname, "..", "..", "demo", "cli-kit");

/**
 * The daemon's prompt-box test plugin (`box-kit`): it hooks every prompt-box chain of seed 004,
 * and its routes call `ctx.prompt.fill`, `suggest` and `read` for a session.
 */
export const BOX_KIT_PLUGIN = join(
  import.meta.dirname,
  "../../../daemon/test/fixtures/plugins/box-kit",
);

/**
 * Starts the real daemon (@elowen/daemon/testing: a fresh data directory, a free loopback port)
 * with the offline model playing `script`, the bundled plugins unless `bundled: false`, cli-kit
 * and any `plugins`. It writes `daemon.json`, so `elowen` finds it through `ELOWEN_HOME`.
 */
export function startCliDaemon(
  options: {
    readonly script?: string;
    readonly bundled?: boolean;
    /** More plugin directories beside cli-kit. */
    readonly plugins?: readonly string[];
  } = {},
): Promise<TestDaemon> {
  return startTestDaemon({
    ...(options.script === undefined ? {} : { script: options.script }),
    plugins: [DEMO_PLUGIN, ...(options.plugins ?? [])],
    config: {
      plugins: {
        bundled: options.bundled ?? true,
        // Direct tools stay callable beside exec, so a script can call both.
        settings: { "@elowen/plugin-code-mode": { hideDirectTools: false } },
      },
    },
  });
}
