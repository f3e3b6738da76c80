import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ElowenClient } from "@elowen/client";
import { parseEntryData, type ToolResultEntryData } from "@elowen/wire";
import type { ElowenConfigInput } from "../../src/config/schema.js";
import { startTestDaemon, type TestDaemon, tempHome } from "./test-daemon.js";

/** Writes an offline model script into `dir` and returns its path. */
export function scriptFile(dir: string, yaml: string): string {
  const file = join(dir, `script-${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(file, yaml);
  return file;
}

/** A session's live events over real SSE: the public harness's log, by its older name here. */
export { subscribeEvents as subscribe } from "../../src/testing/index.js";

/** Starts a daemon with the brain-kit fixture plugin (consent given), an offline script and settings. */
export async function startBrainDaemon(
  options: {
    readonly script?: string;
    readonly settings?: Record<string, unknown>;
    readonly config?: ElowenConfigInput;
    readonly home?: string;
    /** Fixture plugins to load after brain-kit. */
    readonly plugins?: readonly string[];
  } = {},
): Promise<TestDaemon> {
  const home = options.home ?? tempHome();
  const script = options.script === undefined ? undefined : scriptFile(home, options.script);
  return startTestDaemon({
    home,
    plugins: ["brain-kit", ...(options.plugins ?? [])],
    config: {
      ...options.config,
      model: { ...(script === undefined ? {} : { script }), ...options.config?.model },
      plugins: {
        consent: { "brain-kit": { mutates: ["tools", "runBoundary", "prompt", "turnContext"] } },
        settings: { "brain-kit": options.settings ?? {} },
        ...options.config?.plugins,
      },
    },
  });
}

/** The tool results of a session's history, in journal order. */
export async function toolResults(
  client: ElowenClient,
  sessionId: string,
): Promise<ToolResultEntryData[]> {
  const { entries } = await client.sessions.history(sessionId);
  return entries.flatMap((e) => {
    const parsed = parseEntryData(e);
    return parsed?.kind === "tool_result" ? [parsed.data] : [];
  });
}

/** An offline-model script whose first turn asks a question (it runs until someone answers) and whose second just answers. */
export const ASK_THEN_ANSWER = `turns:
  - steps:
      - tools: [{ name: Confirm, args: { question: "Go on?" } }]
      - text: "first done"
  - steps:
      - text: "second done"
`;
