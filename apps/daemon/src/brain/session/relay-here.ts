import type { Brain } from "../brain.js";
import type { RelayRequest, RelayResult } from "./turn-relay.js";

/** Carries out on this instance's brain a request another instance relayed to its running turn. */
export function carryOutRelayed(brain: Brain, request: RelayRequest): RelayResult {
  switch (request.kind) {
    case "answer":
      return {
        kind: "answer",
        refusal: brain.answer(request.sessionId, request.questionId, request.answers) ?? null,
      };
    case "decide":
      return {
        kind: "decide",
        refusal: brain.decide(request.sessionId, request.permissionId, request.outcome) ?? null,
      };
    case "abort":
      return { kind: "abort", ...brain.abort(request.sessionId, request.clearQueue) };
  }
}
