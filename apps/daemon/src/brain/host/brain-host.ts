import type { BrainConfig } from "../../config/brain-config.js";
import type { CardEmitter } from "../../live/card-emitter.js";
import type { LiveJournal } from "../../live/live-journal.js";
import type { SessionEvents } from "../../live/session-events.js";
import type { PluginRegistry } from "../../plugins/registries/registry.js";
import type { SessionHolds } from "../../store/session-holds.js";
import type { Store } from "../../store/store.js";
import type { RequestObserver } from "../model/captured-request.js";
import type { ModelRuntime } from "../model/model-runtime.js";
import type { IdMinter } from "./id-minter.js";

/** The host's clock: wall time for stamps, a monotonic clock for durations. */
export interface BrainClock {
  now(): number;
  monotonic(): number;
}

/** The system clock. */
export const systemBrainClock: BrainClock = {
  now: () => Date.now(),
  monotonic: () => performance.now(),
};

/** What the brain runs on: the daemon's seams, the model and the brain's configuration. */
export interface BrainHost {
  readonly store: Store;
  readonly events: SessionEvents;
  readonly journal: LiveJournal;
  readonly registry: PluginRegistry;
  readonly cards: CardEmitter;
  /** The configured model: what a turn runs on unless its session chose another. */
  readonly model: ModelRuntime;
  /** The model a session's next turn runs on (`/model`); absent: always {@link model}. */
  readonly sessionModel?: (sessionId: string) => Promise<ModelRuntime>;
  readonly config: BrainConfig;
  /** Per-session workspaces live under this directory. */
  readonly workspaceRoot: string;
  /** Told of the workspace a session's turn runs in (its skill folders load then). */
  readonly sessionWorkspaces?: {
    enter(sessionId: string, workspace: string | null): Promise<void>;
  };
  readonly clock: BrainClock;
  /** Mints every id the brain hands out (`randomIds` in the daemon). */
  readonly ids: IdMinter;
  readonly admitsNewWork: () => boolean;
  readonly log: (message: string) => void;
  /** Told of every provider request and response (connection pins, quota evidence). */
  readonly requests?: RequestObserver;
  /** Holds across instances on a shared database; absent, the session queue alone suffices. */
  readonly holds?: SessionHolds;
}
