import type { BrainCard } from "@elowen/plugin-api/cards";
import {
  type HistoryEntry,
  parseSessionEvent,
  type SessionEvent,
  type SessionState,
  type TypedSessionEvent,
} from "@elowen/wire";
import { EventCursor } from "./event-cursor.js";
import { applyTurnEvent } from "./turn-events.js";
import { TurnState } from "./turn-state.js";
import type { NoticeView, TranscriptView, TurnView } from "./views.js";

/** How many transient notices are kept on screen at once (ours). */
export const MAX_NOTICES = 5;

/**
 * One session's transcript as a client folds it: history pages and live events in, a
 * {@link TranscriptView} out. Entries are keyed by their host-minted ids, so an entry that
 * arrives twice (a history page overlapping an `entries` event) is drawn once; events are applied
 * once each (an {@link EventCursor} skips a replayed id); streamed text is replaced by the
 * committed entry of the same id.
 */
export class TranscriptModel {
  readonly #turns = new Map<string, TurnState>();
  readonly #cards = new Map<string, BrainCard>();
  readonly #notices: NoticeView[] = [];
  readonly cursor: EventCursor;
  #arrival = 0;
  #noticeId = 0;
  #entryCount = 0;
  #view: TranscriptView | undefined;

  constructor(cursor: EventCursor = new EventCursor()) {
    this.cursor = cursor;
  }

  /** Adds committed entries (a history page, in any order, or an `entries` event). */
  addEntries(entries: readonly HistoryEntry[]): void {
    for (const entry of entries) {
      const turnId = turnIdOf(entry.data);
      const turn = this.#turn(turnId ?? entry.id, turnId);
      if (!turn.hasEntry(entry.id)) this.#entryCount++;
      turn.putEntry(entry);
    }
    this.#changed();
  }

  /** Applies `GET /sessions/:id/state`: the running turn and the prompts still open. */
  applyState(state: SessionState): void {
    for (const turn of this.#turns.values()) {
      turn.questions.clear();
      turn.permissions.clear();
      turn.running = false;
      turn.touch();
    }
    if (state.running) {
      const turn = this.#turn(state.running.turnId, state.running.turnId);
      turn.running = true;
      turn.startedAt = state.running.startedAt;
    }
    for (const q of state.questions) this.#turn(q.turnId, q.turnId).questions.set(q.questionId, q);
    for (const p of state.permissions)
      this.#turn(p.turnId, p.turnId).permissions.set(p.permissionId, p);
    this.#changed();
  }

  /** Replaces the cards with `GET /sessions/:id/cards`. */
  setCards(cards: readonly BrainCard[]): void {
    this.#cards.clear();
    for (const card of cards) this.#cards.set(card.id, card);
    this.#changed();
  }

  /**
   * Applies one live event. False when it was skipped: already applied (a replayed id), or of a
   * type or payload this client does not know (a newer daemon's), which is left out, not fatal.
   * `reset` is the caller's to handle (reload history and state).
   */
  apply(event: SessionEvent): boolean {
    if (!this.cursor.accept(event.id)) return false;
    const typed = parseSessionEvent(event);
    if (!typed) return false;
    this.#applyTyped(typed);
    this.#changed();
    return true;
  }

  /** What the chat view draws; the same object until something changes. */
  view(): TranscriptView {
    this.#view ??= {
      turns: this.#orderedTurns(),
      cards: [...this.#cards.values()],
      notices: [...this.#notices],
      running: [...this.#turns.values()].some((t) => t.view().running),
      entryCount: this.#entryCount,
    };
    return this.#view;
  }

  /** Removes a transient notice (the person dismissed it). */
  dismissNotice(id: number): void {
    const at = this.#notices.findIndex((n) => n.id === id);
    if (at < 0) return;
    this.#notices.splice(at, 1);
    this.#changed();
  }

  #applyTyped(event: TypedSessionEvent): void {
    switch (event.type) {
      case "entries":
        this.addEntries(event.data.entries);
        return;
      case "card":
        if ("card" in event.data) this.#cards.set(event.data.card.id, event.data.card);
        else this.#cards.delete(event.data.removed);
        return;
      case "notice":
        this.#notices.push({
          id: ++this.#noticeId,
          level: event.data.level,
          text: event.data.text,
        });
        if (this.#notices.length > MAX_NOTICES) this.#notices.shift();
        return;
      case "error": {
        const { turnId, code, message } = event.data;
        if (turnId === undefined) {
          this.#notices.push({ id: ++this.#noticeId, level: "error", text: message });
          if (this.#notices.length > MAX_NOTICES) this.#notices.shift();
        } else this.#mutate(turnId, (t) => t.errors.push({ code, message }));
        return;
      }
      case "reset":
      case "continuation":
        return;
      case "agent":
        this.#mutate(event.data.parentTurnId, (t) => t.agents.set(event.data.agentId, event.data));
        return;
      default: {
        const turnId = (event.data as { turnId?: unknown }).turnId;
        if (typeof turnId !== "string") return;
        const turn = this.#turn(turnId, turnId);
        if (applyTurnEvent(turn, event)) turn.touch();
      }
    }
  }

  #mutate(turnId: string, change: (turn: TurnState) => void): void {
    const turn = this.#turn(turnId, turnId);
    change(turn);
    turn.touch();
  }

  #turn(key: string, turnId: string | undefined): TurnState {
    let turn = this.#turns.get(key);
    if (!turn) {
      turn = new TurnState(key, turnId, this.#arrival++);
      this.#turns.set(key, turn);
    }
    return turn;
  }

  #orderedTurns(): TurnView[] {
    return [...this.#turns.values()]
      .sort((a, b) => {
        const sa = a.firstSeq;
        const sb = b.firstSeq;
        if (sa !== undefined && sb !== undefined) return sa - sb;
        if (sa !== undefined) return -1;
        if (sb !== undefined) return 1;
        return a.arrival - b.arrival;
      })
      .map((t) => t.view())
      .filter((t) => !isEmptyTurn(t));
  }

  #changed(): void {
    this.#view = undefined;
  }
}

function turnIdOf(data: unknown): string | undefined {
  const turnId = (data as { turnId?: unknown } | null)?.turnId;
  return typeof turnId === "string" ? turnId : undefined;
}

function isEmptyTurn(turn: TurnView): boolean {
  return (
    turn.user === undefined &&
    turn.steps.length === 0 &&
    turn.floating.length === 0 &&
    turn.end === undefined &&
    turn.compaction === undefined &&
    !turn.running &&
    turn.errors.length === 0 &&
    turn.agents.length === 0 &&
    turn.questions.length === 0 &&
    turn.permissions.length === 0
  );
}
