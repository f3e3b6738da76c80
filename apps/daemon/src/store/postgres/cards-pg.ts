import { isEmptyCard } from "@elowen/plugin-api/cards";
import type pg from "pg";
import type { CardStore } from "../store.js";
import { StoreError } from "../store-error.js";
import { inTransaction } from "./pg-pool.js";

/** The PostgreSQL cards table: one row per (session, card id), kept in first-emitted order. */
export function pgCards(pool: pg.Pool, now: () => number): CardStore {
  return {
    async put(sessionId, card) {
      return inTransaction(pool, async (client) => {
        // The session's row lock orders two instances emitting cards to one session.
        const session = await client.query("SELECT 1 FROM sessions WHERE id = $1 FOR UPDATE", [
          sessionId,
        ]);
        if (session.rowCount === 0) throw new StoreError("not_found", `no session ${sessionId}`);
        if (isEmptyCard(card)) {
          await client.query("DELETE FROM cards WHERE session_id = $1 AND card_id = $2", [
            sessionId,
            card.id,
          ]);
          return "removed" as const;
        }
        await client.query(
          `INSERT INTO cards (session_id, card_id, position, data, updated_at)
           VALUES ($1, $2, (SELECT COALESCE(MAX(position), 0) + 1 FROM cards WHERE session_id = $1), $3, $4)
           ON CONFLICT (session_id, card_id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at`,
          [sessionId, card.id, JSON.stringify(card), now()],
        );
        return "stored" as const;
      });
    },
    async list(sessionId) {
      const { rows } = await pool.query<{ data: string }>(
        "SELECT data FROM cards WHERE session_id = $1 ORDER BY position",
        [sessionId],
      );
      return rows.map((row) => JSON.parse(row.data));
    },
  };
}
