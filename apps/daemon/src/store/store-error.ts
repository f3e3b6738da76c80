/**
 * Why a store call was refused. `fenced`: a write of a turn whose session hold this instance no
 * longer has (its lease lapsed and another instance took the session over).
 */
export type StoreErrorCode = "not_found" | "invalid" | "conflict" | "fenced";

/** A refusal of the store: a code a caller can switch on and a message naming what is wrong. */
export class StoreError extends Error {
  readonly code: StoreErrorCode;
  constructor(code: StoreErrorCode, message: string) {
    super(message);
    this.name = "StoreError";
    this.code = code;
  }
}
