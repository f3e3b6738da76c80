import type { SessionEvent } from "@elowen/wire";
import type { JournalEntry } from "../store/types.js";
import { entryView } from "./entry-view.js";
import type { ReplayResult } from "./session-events.js";

/** How many entries a resume on another instance replays from the journal at most (ours). */
export const JOURNAL_RESUME_ENTRIES = 1000;

/** The journal as a stream resumed on another instance reads it. */
export interface SharedJournal {
  /** The sequence number of the session's last committed entry (-1 for none). */
  committedSeq(sessionId: string): Promise<number>;
  /** Visible entries committed after `seq`, in order, at most `limit`. */
  entriesAfter(sessionId: string, seq: number, limit: number): Promise<readonly JournalEntry[]>;
}

/** A `Last-Event-ID` split into this instance's event id and the journal position it carries. */
export function splitEventId(id: string | undefined): { local?: string; seq?: number } {
  if (id === undefined || id === "") return {};
  const at = id.lastIndexOf("~");
  if (at < 0) return { local: id };
  const seq = id.slice(at + 1);
  return {
    local: id.slice(0, at),
    ...(/^-?\d{1,15}$/.test(seq) ? { seq: Number(seq) } : {}),
  };
}

/**
 * One stream's place in the session's journal on a shared database: every event it sends carries
 * `~<seq>` after its id, the last journal entry the stream has delivered, so a client that
 * reconnects to another instance resumes from the journal there (that instance's own event ids
 * mean nothing to it). An `entries` event drops the entries the stream already delivered, so a
 * resume's replay and the live events after it carry each entry once, in order.
 */
export class JournalCursor {
  #seq: number;

  constructor(seq: number) {
    this.#seq = seq;
  }

  /** The event as this stream sends it, or undefined when it carries nothing new. */
  pass(event: SessionEvent): SessionEvent | undefined {
    let data = event.data;
    if (event.type === "entries") {
      const entries = (data as { entries: { seq: number }[] }).entries.filter(
        (e) => e.seq > this.#seq,
      );
      if (entries.length === 0) return undefined;
      this.#seq = Math.max(this.#seq, ...entries.map((e) => e.seq));
      data = { ...(data as object), entries };
    }
    return { id: `${event.id}~${this.#seq}`, type: event.type, data };
  }

  /** The stream's id suffix now (for a reset). */
  id(localId: string): string {
    return `${localId}~${this.#seq}`;
  }
}

/**
 * Where a stream on a shared database starts: the local replay when this instance issued the
 * id; else, when the id carries a journal position, the entries committed after it as one
 * `entries` event (a reset when more than {@link JOURNAL_RESUME_ENTRIES} are missing); else what
 * the local events answered. The cursor starts at the position resumed from, or at the last
 * committed entry for a fresh stream.
 */
export async function resumeFromJournal(
  journal: SharedJournal,
  sessionId: string,
  resumedSeq: number | undefined,
  local: ReplayResult,
  cursorId: string,
): Promise<{ readonly replay: ReplayResult; readonly cursor: JournalCursor }> {
  if (resumedSeq === undefined || (local.kind === "replay" && local.events.length > 0))
    return {
      replay: local,
      cursor: new JournalCursor(resumedSeq ?? (await journal.committedSeq(sessionId))),
    };
  if (local.kind === "replay") return { replay: local, cursor: new JournalCursor(resumedSeq) };
  const entries = await journal.entriesAfter(sessionId, resumedSeq, JOURNAL_RESUME_ENTRIES + 1);
  if (entries.length > JOURNAL_RESUME_ENTRIES)
    return {
      replay: { kind: "reset", reason: "expired" },
      cursor: new JournalCursor(await journal.committedSeq(sessionId)),
    };
  const events: SessionEvent[] =
    entries.length === 0
      ? []
      : [{ id: cursorId, type: "entries", data: { entries: entries.map(entryView) } }];
  return { replay: { kind: "replay", events }, cursor: new JournalCursor(resumedSeq) };
}
