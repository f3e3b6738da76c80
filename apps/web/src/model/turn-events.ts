import type { TypedSessionEvent } from "@elowen/wire";
import type { TurnState } from "./turn-state.js";

/**
 * Applies one live event of a turn to that turn's state: its start and end, streamed text, tool
 * calls starting, being written, updating and ending, trace records, questions and permission
 * prompts opening and closing. True when the turn changed (so its view is rebuilt); false for an
 * event that is not a turn's.
 */
export function applyTurnEvent(t: TurnState, event: TypedSessionEvent): boolean {
  switch (event.type) {
    case "turn_started":
      t.running = true;
      t.startedAt = event.data.startedAt;
      t.model = event.data.model;
      return true;
    case "turn_completed":
      t.running = false;
      t.questions.clear();
      t.permissions.clear();
      return true;
    case "assistant_started":
      t.startStream(event.data);
      return true;
    case "assistant_delta":
      t.appendDelta(event.data);
      return true;
    case "tool_started":
      t.starts.set(event.data.callId, event.data);
      if (t.authoring.get(event.data.entryId)?.callId === event.data.callId)
        t.authoring.delete(event.data.entryId);
      return true;
    case "tool_authoring":
      if (!t.hasEntry(event.data.entryId)) t.authoring.set(event.data.entryId, event.data);
      return true;
    case "tool_updated":
      t.tails.set(event.data.callId, event.data.output);
      return true;
    case "tool_ended":
      t.tails.delete(event.data.callId);
      return true;
    case "trace":
      t.traces.set(event.data.record.id, event.data);
      return true;
    case "question_asked":
      t.questions.set(event.data.questionId, event.data);
      return true;
    case "question_answered":
    case "question_expired":
      t.questions.delete(event.data.questionId);
      return true;
    case "permission_asked":
      t.permissions.set(event.data.permissionId, event.data);
      return true;
    case "permission_decided":
      t.permissions.delete(event.data.permissionId);
      return true;
    default:
      return false;
  }
}
