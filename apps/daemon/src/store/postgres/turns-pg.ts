import type pg from "pg";
import type { TurnStore } from "../store.js";

/** The PostgreSQL open-turn ledger: read at start and closed by recovery (the journal writes it). */
export function pgTurns(pool: pg.Pool): TurnStore {
  return {
    async close(turnId) {
      await pool.query("DELETE FROM open_turns WHERE turn_id = $1", [turnId]);
    },
    async listOpen() {
      const { rows } = await pool.query<{
        turn_id: string;
        session_id: string;
        started_at: number;
      }>("SELECT * FROM open_turns ORDER BY started_at");
      return rows.map((r) => ({
        turnId: r.turn_id,
        sessionId: r.session_id,
        startedAt: r.started_at,
      }));
    },
  };
}
