import type { AnswerRefusal } from "../../brain/interactive/ask-broker.js";
import type { RelayRequest, TurnRelay } from "../../brain/session/turn-relay.js";
import type { HttpContext } from "../http-context.js";

type AnswerRequest = Extract<RelayRequest, { kind: "answer" | "decide" }>;

/**
 * An answer or a permission decision: taken here when this instance runs the turn that asked,
 * otherwise relayed to the instance that does (any instance accepts any request). Unknown on
 * every instance stays `not_found`.
 */
export async function answerAnywhere(
  context: HttpContext,
  request: AnswerRequest,
): Promise<AnswerRefusal | undefined> {
  const { brain, relay } = context;
  const local =
    request.kind === "answer"
      ? brain.answer(request.sessionId, request.questionId, request.answers)
      : brain.decide(request.sessionId, request.permissionId, request.outcome);
  if (local?.code !== "not_found" || relay === undefined) return local;
  const remote = await relay.forward(request);
  if (remote === undefined || remote.kind === "abort") return local;
  return remote.refusal ?? undefined;
}

/**
 * Ends the running turn wherever it runs: this instance's own (and its queue, with `clearQueue`),
 * and, when no turn of the session runs here, the one another instance runs (and its queue).
 */
export async function abortAnywhere(
  context: { readonly brain: HttpContext["brain"]; readonly relay?: TurnRelay },
  sessionId: string,
  clearQueue: boolean,
): Promise<{ turnId: string | null; droppedQueued: number }> {
  const local = context.brain.abort(sessionId, clearQueue);
  if (local.turnId !== null || context.relay === undefined) return local;
  const remote = await context.relay.forward({ kind: "abort", sessionId, clearQueue });
  if (remote === undefined || remote.kind !== "abort") return local;
  return { turnId: remote.turnId, droppedQueued: local.droppedQueued + remote.droppedQueued };
}
