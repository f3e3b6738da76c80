import type { PluginLogger } from "@elowen/plugin-api";
import { RUN_BOUNDARY_MAX_CONTINUATIONS } from "@elowen/plugin-api/limits";
import {
  RUN_OUTCOMES,
  type RunBoundaryEntry,
  type RunBoundaryPayload,
  type RunOutcome,
} from "@elowen/plugin-api/run-boundary";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { readPatch } from "./patch-reader.js";
import { RunBoundaryError, type RunBoundaryProblem } from "./problems.js";

/** One plugin's `boundary` patch as the hook dispatch returned it (shape not yet trusted). */
export interface RunBoundaryHookResult {
  readonly pluginName: string;
  readonly patch: unknown;
}

/**
 * Fires `brain.run.beforeSettle` and returns each plugin's boundary patch in registration order.
 * `@elowen/hook-bus`'s `emitRunBoundary` is one (it drops patches without the `runBoundary`
 * grant first). It should not reject; if it does, the settlement has no entries and a problem.
 */
export type RunBoundaryEmitter = (
  payload: RunBoundaryPayload,
) => Promise<readonly RunBoundaryHookResult[]>;

/** An entry to append to the settling conversation, with the plugin that asked for it. */
export interface AcceptedBoundaryEntry {
  readonly pluginName: string;
  /** `message`: model-visible, never drawn; `record`: durable, invisible to model and transcript. */
  readonly entry: RunBoundaryEntry;
}

/** What one settle attempt decided. */
export interface RunBoundarySettlement {
  readonly outcome: RunOutcome;
  /** Entries to append, in registration order and, within a patch, in the patch's order. */
  readonly entries: readonly AcceptedBoundaryEntry[];
  /** True when the agent loop should run once more (then call `settle` again). */
  readonly continue: boolean;
  /** The plugin whose continuation was granted. */
  readonly continuedBy?: string;
  /** Continuations granted in this run so far, this one included. */
  readonly continuationsUsed: number;
  readonly problems: readonly RunBoundaryProblem[];
}

/** Where a run boundary is in its run. */
export type RunBoundaryState = "open" | "settling" | "continuing" | "settled";

/** What a run boundary is built from. */
export interface RunBoundaryOptions {
  readonly sessionId: string;
  /** The sub-agent or delegated run's id; absent on the main loop. */
  readonly agentId?: string;
  readonly emit: RunBoundaryEmitter;
  /** Receives one warning per problem, with the plugin's name. */
  readonly log?: PluginLogger;
}

/**
 * The run boundary of one agent run (`brain.run.beforeSettle`). The agent loop calls
 * {@link RunBoundary.settle} each time the model stops; it fires the hook, applies the caps to
 * every plugin's patch in registration order, and decides whether the run continues: only with an
 * accepted message in the same patch, only when the run ended `completed`, and at most
 * `RUN_BOUNDARY_MAX_CONTINUATIONS` times per run. After a continuation the hook fires again with
 * `continuationAllowed: false`. A new run gets a new boundary (the cap is per run).
 */
export class RunBoundary {
  readonly #options: RunBoundaryOptions;
  #state: RunBoundaryState = "open";
  #continuationsUsed = 0;

  constructor(options: RunBoundaryOptions) {
    if (typeof options?.emit !== "function")
      throw new RunBoundaryError(
        "boundary.invalid_options",
        "emit is (payload) => Promise<{ pluginName, patch }[]>, such as HookBus.emitRunBoundary",
      );
    if (typeof options.sessionId !== "string" || options.sessionId === "")
      throw new RunBoundaryError("boundary.invalid_options", "sessionId is the run's session id");
    this.#options = options;
  }

  /** Where the run is: open, settling (a settle in flight), continuing, or settled for good. */
  get state(): RunBoundaryState {
    return this.#state;
  }

  /** Continuations granted so far in this run. */
  get continuationsUsed(): number {
    return this.#continuationsUsed;
  }

  /**
   * One settle attempt: fires `brain.run.beforeSettle` with this run's facts and decides. Rejects
   * with {@link RunBoundaryError} only when driven wrongly (an unknown outcome, a settle while one
   * is in flight, a settle after the run settled); never for anything a plugin does.
   */
  async settle(outcome: RunOutcome): Promise<RunBoundarySettlement> {
    if (!(RUN_OUTCOMES as readonly unknown[]).includes(outcome))
      throw new RunBoundaryError(
        "boundary.invalid_outcome",
        `outcome is one of ${RUN_OUTCOMES.join(", ")}, received ${JSON.stringify(outcome)}`,
      );
    if (this.#state === "settling")
      throw new RunBoundaryError(
        "boundary.settle_in_flight",
        "settle was called while another settle of this run is in flight; await it first",
      );
    if (this.#state === "settled")
      throw new RunBoundaryError(
        "boundary.run_settled",
        "this run has settled without a continuation; a new run takes a new RunBoundary",
      );
    this.#state = "settling";
    const used = this.#continuationsUsed;
    const continuationAllowed = outcome === "completed" && used < RUN_BOUNDARY_MAX_CONTINUATIONS;
    const payload: RunBoundaryPayload = {
      sessionId: this.#options.sessionId,
      outcome,
      continuationAllowed,
      continuationsUsed: used,
      ...(this.#options.agentId === undefined ? {} : { agentId: this.#options.agentId }),
    };
    const problems: RunBoundaryProblem[] = [];
    const results = await this.#fire(payload, problems);
    const entries: AcceptedBoundaryEntry[] = [];
    let continuedBy: string | undefined;
    for (const { pluginName, patch } of results) {
      const read = readPatch(pluginName, patch, problems);
      for (const entry of read.entries) entries.push({ pluginName, entry });
      if (!read.continueRequested) continue;
      const refusal = this.#continueRefusal(outcome, read.hasMessage, continuedBy);
      if (refusal === undefined) continuedBy = pluginName;
      else problems.push({ ...refusal, pluginName });
    }
    if (continuedBy !== undefined) this.#continuationsUsed++;
    this.#state = continuedBy === undefined ? "settled" : "continuing";
    for (const problem of problems)
      this.#options.log?.warn(`run boundary: ${problem.message}`, {
        code: problem.code,
        ...(problem.pluginName === undefined ? {} : { plugin: problem.pluginName }),
      });
    return {
      outcome,
      entries,
      continue: continuedBy !== undefined,
      ...(continuedBy === undefined ? {} : { continuedBy }),
      continuationsUsed: this.#continuationsUsed,
      problems,
    };
  }

  async #fire(
    payload: RunBoundaryPayload,
    problems: RunBoundaryProblem[],
  ): Promise<readonly RunBoundaryHookResult[]> {
    try {
      const results = await this.#options.emit(payload);
      if (Array.isArray(results)) return results as readonly RunBoundaryHookResult[];
      problems.push({
        code: "boundary.emitter_failed",
        message: "the emitter did not return an array of { pluginName, patch }",
      });
    } catch (error) {
      problems.push({
        code: "boundary.emitter_failed",
        message: `the emitter failed (${errorMessage(error)}); the run settles with no boundary entries`,
      });
    }
    return [];
  }

  #continueRefusal(
    outcome: RunOutcome,
    hasMessage: boolean,
    grantedTo: string | undefined,
  ): Omit<RunBoundaryProblem, "pluginName"> | undefined {
    if (!hasMessage)
      return {
        code: "boundary.continue_without_message",
        message: "continue needs an accepted message entry in the same patch",
      };
    if (outcome !== "completed")
      return {
        code: "boundary.continue_not_completed",
        message: `continue is ignored unless the run ended completed; it ended ${outcome}`,
      };
    if (this.#continuationsUsed >= RUN_BOUNDARY_MAX_CONTINUATIONS)
      return {
        code: "boundary.continue_cap_reached",
        message: `a run gets at most ${RUN_BOUNDARY_MAX_CONTINUATIONS} continuation (RUN_BOUNDARY_MAX_CONTINUATIONS); this run has used it`,
      };
    if (grantedTo !== undefined)
      return {
        code: "boundary.continue_already_granted",
        message: `${grantedTo}'s continuation was granted first; a settle grants one`,
      };
    return undefined;
  }
}
