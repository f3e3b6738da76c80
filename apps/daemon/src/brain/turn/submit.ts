import type { Access } from "@elowen/plugin-api/access";
import type { PromptOrigin } from "@elowen/plugin-api/events";
import type { SessionKind } from "@elowen/plugin-api/hooks";
import { errorMessage } from "@elowen/plugin-shared/errors";
import type { HoldRelease } from "../../store/session-holds.js";
import { StoreError } from "../../store/store-error.js";
import type { IdMinter } from "../host/id-minter.js";
import type { Submission } from "../session/session-runtime.js";
import type { BrainContext } from "./brain-context.js";
import type { SettledTurn } from "./complete-turn.js";
import { runTurn } from "./run-turn.js";

/** A prompt to submit to a session. */
export interface SubmitRequest {
  readonly sessionId: string;
  readonly kind: SessionKind;
  readonly text: string;
  readonly origin: PromptOrigin;
  readonly access: Access;
}

/** What became of a submission. */
export type SubmitOutcome =
  | { readonly status: "dropped"; readonly reason: string }
  | {
      readonly status: "accepted";
      readonly submissionId: string;
      readonly position: number;
      /** Resolves when its turn settled; undefined when it was cleared from the queue. */
      readonly settled: Promise<SettledTurn | undefined>;
    };

function submission(request: SubmitRequest, ids: IdMinter): Submission {
  let settle!: Submission["settle"];
  const settled = new Promise<SettledTurn | undefined>((resolve) => {
    settle = resolve;
  });
  return {
    submissionId: ids.mint("u"),
    sessionId: request.sessionId,
    access: request.access,
    origin: request.origin,
    text: request.text,
    context: [],
    ready: false,
    settled,
    settle,
  };
}

/**
 * Step 1 of "A turn, as data": the origin is already stamped by the caller; the submission takes
 * its place in the session's queue at once (so two submissions keep their order), then
 * `prompt.submit` runs. A `drop` removes it and is answered to the sender with the hook's text;
 * otherwise the turn runs when every turn before it has settled. Never interleaves two turns.
 */
export async function submitPrompt(
  brain: BrainContext,
  request: SubmitRequest,
): Promise<SubmitOutcome> {
  const runtime = brain.runtime(request.sessionId);
  const entry = submission(request, brain.host.ids);
  runtime.queue.push(entry);
  const running = runtime.running?.submission;
  const runningTurn = running
    ? [...brain.turns.values()].find((t) => t.submissionId === running.submissionId)
    : undefined;
  const result = await brain.host.registry.hooks.run(
    "prompt.submit",
    {
      text: request.text,
      wait: false,
      origin: request.origin,
      ...(runningTurn === undefined ? {} : { turnId: runningTurn.turnId }),
    },
    (e) => ({
      text: e.text,
      ...(e.context === undefined ? {} : { context: e.context }),
      origin: e.origin,
    }),
    { sessionId: request.sessionId, userId: request.access.userId },
  );
  const run = (s: Submission, controller: AbortController) =>
    runSubmission(brain, request.kind, s, controller);
  if ("drop" in result) {
    runtime.remove(entry);
    entry.settle(undefined);
    void runtime.drain(run);
    return { status: "dropped", reason: result.drop };
  }
  entry.text = result.text;
  entry.context = result.context ?? [];
  entry.ready = true;
  const position = runtime.position(entry);
  void runtime.drain(run);
  return { status: "accepted", submissionId: entry.submissionId, position, settled: entry.settled };
}

async function runSubmission(
  brain: BrainContext,
  kind: SessionKind,
  s: Submission,
  controller: AbortController,
): Promise<void> {
  let release: HoldRelease | undefined;
  try {
    // On a shared database the turn also holds its session across instances (session-holds).
    // A hold lost mid-turn (fenced: another instance took the session over) stops the turn.
    if (brain.host.holds)
      release = await brain.host.holds.acquire(s.sessionId, controller.signal, (reason) =>
        controller.abort(reason),
      );
  } catch (error) {
    // Aborted (or the daemon paused) while another instance ran the session: nothing started.
    if (!controller.signal.aborted) reportNotStarted(brain, s, error);
    s.settle(undefined);
    return;
  }
  try {
    const settled = await runTurn(brain, {
      sessionId: s.sessionId,
      kind,
      access: s.access,
      origin: s.origin,
      text: s.text,
      context: s.context,
      submissionId: s.submissionId,
      controller,
    });
    s.settle(settled);
  } catch (error) {
    if (error instanceof StoreError && error.code === "store.fenced") {
      // Another instance took the session over: it ends this turn in the journal, not this one.
      brain.host.log(`a stale turn of session ${s.sessionId} stopped: ${errorMessage(error)}`);
    } else reportNotStarted(brain, s, error);
    s.settle(undefined);
  } finally {
    await release?.();
  }
}

function reportNotStarted(brain: BrainContext, s: Submission, error: unknown): void {
  brain.host.log(`a turn of session ${s.sessionId} could not start: ${errorMessage(error)}`);
  brain.host.events.publish(s.sessionId, "error", {
    code: "internal",
    message: `the turn could not start: ${brain.host.model.redact(errorMessage(error))}`,
  });
}
