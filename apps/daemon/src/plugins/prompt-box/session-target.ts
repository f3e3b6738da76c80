import { ElowenError } from "@elowen/plugin-shared/errors";
import type { Store } from "../../store/store.js";
import { StoreError } from "../../store/store-error.js";
import { currentAccess } from "../call-scope/access-scope.js";
import { currentTurn } from "../call-scope/turn-scope.js";

/** A `ctx.prompt` call that has no session to act on. */
export class NoSessionError extends ElowenError<"no_session"> {
  override readonly name = "NoSessionError";
  constructor(method: string) {
    super({
      code: "no_session",
      summary: `ctx.${method} is not available outside a turn, hook or request of a session: it acts on a session's prompt box; name one with { sessionId }`,
    });
  }
}

/**
 * The session a call acts on: the one named (which the current account must own, unless it
 * acts for none or for all), else the turn's, else the request's.
 */
export async function sessionTarget(
  store: Store,
  method: string,
  options: { readonly sessionId?: string } | undefined,
): Promise<{ sessionId: string; userId: number | null }> {
  const access = currentAccess();
  const named = options?.sessionId;
  if (named === undefined) {
    const sessionId = currentTurn()?.sessionId ?? access.sessionId;
    if (sessionId === undefined) throw new NoSessionError(method);
    return { sessionId, userId: access.userId };
  }
  const session = await store.sessions.get(named);
  if (!session) throw new StoreError("not_found", `${method}: no session ${named}`);
  if (access.userId !== null && !access.allAccess && session.ownerId !== access.userId)
    throw new StoreError("not_found", `${method}: session ${named} is not the current account's`);
  return { sessionId: named, userId: session.ownerId };
}
