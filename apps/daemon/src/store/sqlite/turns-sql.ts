import type Database from "better-sqlite3";
import type { TurnStore } from "../store.js";

interface OpenTurnRow {
  turn_id: string;
  session_id: string;
  started_at: number;
}

/** The SQLite open-turn ledger: a row from a turn's start until it settles. */
export function sqliteTurns(db: Database.Database): TurnStore {
  const open = db.prepare(
    "INSERT OR REPLACE INTO open_turns (turn_id, session_id, started_at) VALUES (?, ?, ?)",
  );
  const close = db.prepare("DELETE FROM open_turns WHERE turn_id = ?");
  const list = db.prepare<[], OpenTurnRow>("SELECT * FROM open_turns ORDER BY started_at");
  return {
    async open(sessionId, turnId, startedAt) {
      open.run(turnId, sessionId, startedAt);
    },
    async close(turnId) {
      close.run(turnId);
    },
    async listOpen() {
      return list
        .all()
        .map((r) => ({ turnId: r.turn_id, sessionId: r.session_id, startedAt: r.started_at }));
    },
  };
}
