import type { PermissionOutcome } from "@elowen/plugin-api/questions";
import { ElowenError } from "@elowen/plugin-shared/errors";
import type { AnswerRefusal } from "../interactive/ask-broker.js";

/** What one instance asks of the instance running a session's turn. */
export type RelayRequest =
  | {
      readonly kind: "answer";
      readonly sessionId: string;
      readonly questionId: string;
      readonly answers: unknown;
    }
  | {
      readonly kind: "decide";
      readonly sessionId: string;
      readonly permissionId: string;
      readonly outcome: Exclude<PermissionOutcome, "expired">;
    }
  | { readonly kind: "abort"; readonly sessionId: string; readonly clearQueue: boolean };

/** What the running instance answered: an answer's refusal (null: taken), or the abort's result. */
export type RelayResult =
  | { readonly kind: "answer" | "decide"; readonly refusal: AnswerRefusal | null }
  | {
      readonly kind: "abort";
      readonly turnId: string | null;
      readonly droppedQueued: number;
    };

/** Thrown when the instance running the turn did not answer a relayed request in time. */
export class RelayTimeoutError extends ElowenError<"relay.timeout"> {
  override readonly name = "RelayTimeoutError";
  constructor(message: string) {
    super({ code: "relay.timeout", summary: message });
  }
}

/**
 * Carries answers, permission decisions and aborts to the instance that runs a session's turn,
 * when that is another instance sharing the database (any instance accepts any request).
 */
export interface TurnRelay {
  /**
   * Sends the request to the instance holding the session and answers what it did; undefined
   * when no other live instance holds the session (nothing runs it elsewhere). Rejects with
   * {@link RelayTimeoutError} when the holder does not answer in time.
   */
  forward(request: RelayRequest): Promise<RelayResult | undefined>;
}
