import type pg from "pg";
import type { TurnStore } from "../store.js";

/**
 * The PostgreSQL open-turn ledger (the journal writes it). `listOpen` answers only the turns no
 * live instance runs: those whose instance's lease ran out (or that predate instance rows), so
 * one instance starting never marks the turns another is running.
 */
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
      }>(
        `SELECT turn_id, session_id, started_at FROM open_turns t
         WHERE NOT EXISTS (SELECT 1 FROM instances i
                           WHERE i.id = t.instance_id AND i.expires_at > clock_timestamp())
         ORDER BY started_at`,
      );
      return rows.map((r) => ({
        turnId: r.turn_id,
        sessionId: r.session_id,
        startedAt: r.started_at,
      }));
    },
  };
}
