// The start options and the handles, apart from daemon.ts so that the lazily loaded core
// (daemon-core.ts) can name them without importing the module that imports it.
import type { BrainStatusModel } from "@elowen/plugin-api/status";
import type { SkillSourceSet } from "@elowen/skill-catalog";
import type { Brain } from "../brain/brain.js";
import type { SkillReviews } from "../brain/review/skill-reviews.js";
import type { ElowenConfig, ElowenConfigInput } from "../config/schema.js";
import type { LiveJournal } from "../live/live-journal.js";
import type { SessionEvents } from "../live/session-events.js";
import type { LogSink } from "../logger.js";
import type { PluginHost } from "../plugins/context/plugin-host.js";

/** How to start a daemon in this process. Everything is optional: no config runs on defaults. */
export interface DaemonOptions {
  /** The data directory (default `$ELOWEN_HOME`, else `~/.elowen`). */
  readonly home?: string;
  /** The config file (default `$ELOWEN_CONFIG`, else `<home>/elowen.yaml` when present). */
  readonly configFile?: string;
  /** Configuration in code, merged over the file and under the environment. */
  readonly config?: ElowenConfigInput;
  /** The environment (default `process.env`): `ELOWEN_HOME`, `ELOWEN_HOST`, `ELOWEN_PORT`, `LANG`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Where log lines go (default stderr). */
  readonly log?: LogSink;
  /** Whether to write `daemon.json` (default true). */
  readonly writeDaemonFile?: boolean;
  /**
   * The built web client (`webRoot()` of @elowen/web, which `elowen daemon` passes) to serve at
   * `/` on the API's own origin; without it the daemon serves the API alone.
   */
  readonly webDir?: string;
}

/** A running daemon, as an embedder holds it: where it is, what it runs on, how to stop it. */
export interface RunningDaemon {
  /** Where it listens, e.g. `http://127.0.0.1:7457`. */
  readonly url: string;
  /** The data directory. */
  readonly home: string;
  /** The owner token's file (how to sign in). */
  readonly ownerTokenFile: string;
  /** The configuration it runs on: file, code and environment merged, defaults filled in. */
  readonly config: ElowenConfig;
  /** Stops gracefully: no new work, plugin.shutdown within the pause deadline, checkpoint, close. */
  stop(reason?: "signal" | "stop" | "restart"): Promise<void>;
}

/** The seams the brain, the test harness and the daemon's own tests reach; not public API. */
export type DaemonHost = PluginHost & {
  /** Sessions and turns. */
  readonly brain: Brain;
  /** The post-turn skill reviewer's core side: live budget, connections, quota, observers. */
  readonly learning: SkillReviews;
  /**
   * The Agent Skills folders read into the catalog, by contributor: `add(contributor, source)`
   * adds a labelled folder (a plugin's `skills/`) that is watched and reloaded like the rest.
   */
  readonly skillSources: SkillSourceSet;
  readonly events: SessionEvents;
  /** Append-then-publish for the brain: commits entries, then tells clients. */
  readonly journal: LiveJournal;
  setModel(model: BrainStatusModel): void;
};

/** A running daemon with its internal seams (the harness and the daemon's own tests). */
export interface HostedDaemon extends RunningDaemon {
  readonly host: DaemonHost;
}
