import type { AccessSurface } from "@elowen/plugin-api/access";
import type { SessionRecord } from "../../store/types.js";
import type { SettledExchange } from "../turn/brain-context.js";
import type { ReviewSource } from "./review-admission.js";

/** The surfaces whose turns a person typed: the only ones offered to the reviewer. */
export const REVIEWED_SURFACES: readonly AccessSurface[] = ["web", "cli"];

/** An exchange core offers, with its pinned source; or why it is not offered. */
export type OfferDecision =
  | { readonly ok: true; readonly source: ReviewSource }
  | { readonly ok: false; readonly why: string };

const no = (why: string): OfferDecision => ({ ok: false, why });

/**
 * Core's eligibility of a settled exchange for the post-turn skill reviewer: a clean,
 * completed turn (reason `answer`) of an interactive session, not a sub-agent's, typed by a person
 * (origin `composer`) on the web or CLI, in a session the acting account owns, with a last
 * provider request and its answer to extend. The successful-call minimum is checked after the
 * calls are counted (`exchangeFacts`).
 */
export function offerDecision(
  exchange: SettledExchange,
  session: SessionRecord | undefined,
): OfferDecision {
  const { access } = exchange;
  if (exchange.kind !== "interactive" || exchange.agentId !== undefined)
    return no("not an interactive session's own turn");
  if (exchange.origin.kind !== "composer")
    return no(`origin ${exchange.origin.kind} is not a person`);
  if (!REVIEWED_SURFACES.includes(access.surface))
    return no(`surface ${access.surface} is not the web or the CLI`);
  if (access.userId === null || !session || session.ownerId !== access.userId)
    return no("the turn is not the session owner's");
  if (exchange.outcome.reason !== "answer") return no(`the turn ended ${exchange.outcome.reason}`);
  if (!exchange.lastRequest || !exchange.finalAnswer) return no("the turn made no model request");
  return {
    ok: true,
    source: {
      userId: access.userId,
      sessionId: exchange.sessionId,
      leafId: exchange.leafId,
      request: exchange.lastRequest,
      finalAnswer: exchange.finalAnswer,
    },
  };
}
