import { ElowenError } from "@elowen/plugin-shared/errors";

/**
 * Why a store call was refused. `fenced`: a write of a turn whose session hold this instance no
 * longer has (its lease lapsed and another instance took the session over). The HTTP error
 * handler answers them 404, 400, 409 and 409.
 */
export type StoreErrorCode = "not_found" | "invalid" | "conflict" | "fenced";

/**
 * A refusal of the store: a code a caller can switch on and a message naming what is wrong. An
 * `ElowenError`, so `isElowenError(error, "fenced")` works across copies. The codes stay the
 * short words the store contract tests and callers switch on.
 */
export class StoreError extends ElowenError<StoreErrorCode> {
  override readonly name = "StoreError";
  constructor(code: StoreErrorCode, message: string) {
    super({ code, summary: message });
  }
}
