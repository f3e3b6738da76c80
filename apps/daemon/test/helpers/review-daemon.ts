import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ElowenClient } from "@elowen/client";
import type { ElowenConfigInput } from "../../src/config/schema.js";
import { startBrainDaemon } from "./live-events.js";
import type { TestDaemon } from "./test-daemon.js";

/** A client that names its surface the way the web client does (`x-elowen-surface`). */
export function surfaceClient(
  t: TestDaemon,
  token: string,
  surface: "web" | "cli" | "api",
): ElowenClient {
  return new ElowenClient({
    baseUrl: t.daemon.url,
    token,
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set("x-elowen-surface", surface);
      return fetch(input, { ...init, headers });
    },
  });
}

/** What the review-probe fixture recorded for one run. */
export interface ProbeRun {
  readonly userId: number;
  readonly successfulToolCalls: number;
  readonly loadedSkillNames: readonly string[];
  readonly budget: number;
  readonly reviewEveryToolCalls: number;
  readonly authorize: boolean;
  readonly budgetNow: number;
  readonly accessUser: number | null;
  readonly accountUser: number | null;
  readonly visible: number;
  readonly outcome: {
    status?: string;
    text?: string;
    reason?: string;
    error?: string;
    name?: string;
  };
  readonly authorizeAfter: boolean;
  readonly aborted: boolean;
}

/** The probe's runs so far (after `learning.idle()`). */
export function probeRuns(home: string, plugin = "acme-review-probe"): ProbeRun[] {
  const file = join(home, "plugins-data", plugin, "runs.jsonl");
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as ProbeRun);
}

/** A daemon with brain-kit's tools and the review probe, on the offline model or a configured one. */
export async function startReviewDaemon(
  options: {
    readonly script?: string;
    readonly config?: ElowenConfigInput;
    readonly home?: string;
    /** The reviewer fixture (default `review-probe`). */
    readonly probe?: string;
  } = {},
): Promise<TestDaemon> {
  return startBrainDaemon({
    ...options,
    plugins: [options.probe ?? "review-probe"],
    config: { ...options.config, plugins: { consent: { "brain-kit": { mutates: ["tools"] } } } },
  });
}
