import { type BrainCard, isEmptyCard } from "@elowen/plugin-api/cards";
import type Database from "better-sqlite3";
import type { CardStore } from "../store.js";
import { StoreError } from "../store-error.js";

/** The SQLite cards table: one row per (session, card id), kept in first-emitted order. */
export function sqliteCards(db: Database.Database, now: () => number): CardStore {
  const session = db.prepare("SELECT 1 FROM sessions WHERE id = ?");
  const remove = db.prepare("DELETE FROM cards WHERE session_id = ? AND card_id = ?");
  const upsert = db.prepare(
    `INSERT INTO cards (session_id, card_id, position, data, updated_at)
     VALUES (?, ?, (SELECT COALESCE(MAX(position), 0) + 1 FROM cards WHERE session_id = ?), ?, ?)
     ON CONFLICT (session_id, card_id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at`,
  );
  const list = db.prepare<[string], { data: string }>(
    "SELECT data FROM cards WHERE session_id = ? ORDER BY position",
  );
  const put = db.transaction((sessionId: string, card: BrainCard) => {
    if (!session.get(sessionId)) throw new StoreError("not_found", `no session ${sessionId}`);
    if (isEmptyCard(card)) {
      remove.run(sessionId, card.id);
      return "removed" as const;
    }
    upsert.run(sessionId, card.id, sessionId, JSON.stringify(card), now());
    return "stored" as const;
  });
  return {
    async put(sessionId, card) {
      return put.immediate(sessionId, card);
    },
    async list(sessionId) {
      return list.all(sessionId).map((row) => JSON.parse(row.data) as BrainCard);
    },
  };
}
