import type { BrainCard } from "@elowen/plugin-api/cards";
import type {
  HistoryEntry,
  PendingPermission,
  PendingQuestion,
  SessionState,
  TypedSessionEvent,
} from "@elowen/wire";
import { TranscriptState } from "../transcript/transcript-state.js";
import { TurnActivity } from "../transcript/turn-activity.js";
import type { Notice } from "../tui/notice.js";

/**
 * What the chat screen draws of one session, as data: the transcript, what the running turn is
 * doing, the cards, the open questions and permission prompts, and the model. History loads and
 * live events fold into it; it makes no request of its own.
 */
export class SessionView {
  readonly transcript = new TranscriptState();
  readonly activity = new TurnActivity();
  readonly cards = new Map<string, BrainCard>();
  readonly questions = new Map<string, PendingQuestion>();
  readonly permissions = new Map<string, PendingPermission>();
  model: { label: string; offline: boolean } | undefined;

  /** Replaces what is shown with a session's history, state and cards, as a (re)load reads them. */
  hydrate(loaded: {
    readonly entries: readonly HistoryEntry[];
    readonly state?: SessionState | undefined;
    readonly cards?: readonly BrainCard[];
  }): void {
    this.clear();
    this.transcript.addEntries(loaded.entries);
    for (const card of loaded.cards ?? []) this.cards.set(card.id, card);
    if (loaded.state) {
      this.activity.fromState(loaded.state);
      for (const q of loaded.state.questions) this.questions.set(q.questionId, q);
      for (const p of loaded.state.permissions) this.permissions.set(p.permissionId, p);
    }
  }

  /** Forgets everything drawn (another session opens). */
  clear(): void {
    this.transcript.clear();
    this.cards.clear();
    this.questions.clear();
    this.permissions.clear();
  }

  /** Folds one live event in; `notice` is told what the person should read (never history). */
  fold(event: TypedSessionEvent, notice: (notice: Notice) => void): void {
    this.transcript.apply(event);
    this.activity.apply(event);
    switch (event.type) {
      case "turn_started":
      case "assistant_started":
        this.model = { label: event.data.model.label, offline: event.data.model.offline };
        break;
      case "card":
        if ("removed" in event.data) this.cards.delete(event.data.removed);
        else this.cards.set(event.data.card.id, event.data.card);
        break;
      case "question_asked":
        this.questions.set(event.data.questionId, event.data);
        break;
      case "question_answered":
      case "question_expired":
        if (this.questions.delete(event.data.questionId) && event.type === "question_expired")
          notice({ level: "warning", text: "A question expired before it was answered." });
        break;
      case "permission_asked":
        this.permissions.set(event.data.permissionId, event.data);
        break;
      case "permission_decided":
        this.permissions.delete(event.data.permissionId);
        break;
      case "notice":
        notice({ level: event.data.level, text: event.data.text });
        break;
      case "error":
        notice({ level: "error", text: event.data.message });
        break;
      default:
        break;
    }
  }
}
