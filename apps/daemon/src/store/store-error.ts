import { ElowenError } from "@elowen/plugin-shared/errors";

/**
 * Why a store call was refused. `fenced`: a write of a turn whose session hold this instance no
 * longer has (its lease lapsed and another instance took the session over). The HTTP error
 * handler answers them 404, 400, 409 and 409.
 */
export type StoreRefusal = "not_found" | "invalid" | "conflict" | "fenced";
/** A {@link StoreRefusal} as the error's stable code: `store.not_found`, `store.fenced`, ... */
export type StoreErrorCode = `store.${StoreRefusal}`;

/**
 * A refusal of the store: a code a caller can switch on and a message naming what is wrong. An
 * `ElowenError`, so `isElowenError(error, "store.fenced")` works across copies.
 */
export class StoreError extends ElowenError<StoreErrorCode> {
  override readonly name = "StoreError";
  constructor(refusal: StoreRefusal, message: string) {
    super({ code: `store.${refusal}`, summary: message });
  }
}
