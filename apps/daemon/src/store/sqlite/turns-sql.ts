import type Database from "better-sqlite3";
import type { TurnStore } from "../store.js";

interface OpenTurnRow {
  turn_id: string;
  session_id: string;
  started_at: number;
}

/** The SQLite open-turn ledger: read at start and closed by recovery (the journal writes it). */
export function sqliteTurns(db: Database.Database): TurnStore {
  const close = db.prepare("DELETE FROM open_turns WHERE turn_id = ?");
  const list = db.prepare<[], OpenTurnRow>("SELECT * FROM open_turns ORDER BY started_at");
  return {
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
