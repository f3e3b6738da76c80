import type { FastifyRequest } from "fastify";
import type { Store } from "../../store/store.js";
import { StoreError } from "../../store/store-error.js";
import type { SessionRecord } from "../../store/types.js";

/**
 * The session a request names, when the caller owns it. Another account's session answers 404,
 * exactly like a missing one, so a caller learns nothing about sessions it does not own.
 */
export async function ownedSession(
  store: Store,
  request: FastifyRequest,
  sessionId: string,
): Promise<SessionRecord> {
  const session = await store.sessions.get(sessionId);
  if (!session || session.ownerId !== request.account?.id) {
    throw new StoreError("not_found", `no session ${sessionId}`);
  }
  return session;
}
