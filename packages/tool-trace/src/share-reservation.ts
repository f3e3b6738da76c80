import type { ToolResult } from "@elowen/plugin-api/tools";
import type { TraceBudget } from "./budget.js";
import { minimalBytes, type RecordParts } from "./record-fit.js";
import { type Row, sameDelivery } from "./row.js";
import {
  claimedDelivery,
  parseShareDetails,
  type ShareAllowance,
  type ShareDelivery,
} from "./shares.js";

/** Why `reserveShare` refused; callers switch on it. */
export const SHARE_REFUSAL_CODES = [
  "row-not-admitted",
  "row-settled",
  "already-reserved",
  "invalid-share",
  "budget",
  "share-limit",
] as const;
/** Why `reserveShare` refused. */
export type ShareRefusalCode = (typeof SHARE_REFUSAL_CODES)[number];

/** A held delivery slot: settling the row with the same details consumes it. */
export interface ShareReservation {
  readonly rowId: string;
  readonly delivery: ShareDelivery;
  /** Gives the bytes and the turn's allowance place back (on refusal or failure). Idempotent. */
  release(): void;
}

/** The outcome of `reserveShare`. A refusal has taken nothing. */
export type ShareReservationResult =
  | { readonly ok: true; readonly reservation: ShareReservation }
  | { readonly ok: false; readonly code: ShareRefusalCode; readonly message: string };

function deliveryParts(row: Row, delivery: ShareDelivery): RecordParts {
  const { id, producerId, name } = row.parts;
  return { id, producerId, kind: "call", ...(name === undefined ? {} : { name }), delivery };
}

/**
 * Reserves, synchronously, the exact minimal delivery record of a share on an admitted, running
 * row: the strict parse first, then the bytes (a budget refusal takes no allowance), then a place
 * in the turn's allowance. The bytes count as spent for every other row, note and display upgrade
 * until the row settles (consumed) or the reservation is released.
 */
export function reserveShare(
  row: Row | undefined,
  details: unknown,
  budget: TraceBudget,
  allowance: ShareAllowance,
): ShareReservationResult {
  const refuse = (code: ShareRefusalCode, message: string): ShareReservationResult => ({
    ok: false,
    code,
    message,
  });
  if (row === undefined || row.record === undefined)
    return refuse("row-not-admitted", "a share needs an admitted trace row; this call has none");
  if (row.settled) return refuse("row-settled", "the row has already settled");
  if (row.share !== undefined)
    return refuse("already-reserved", "this row already holds a share reservation");
  const parsed = parseShareDetails(details);
  if (!parsed.ok) return refuse("invalid-share", parsed.message);
  const bytes = Math.max(0, minimalBytes(deliveryParts(row, parsed.delivery)) - row.bytes);
  if (bytes > budget.free())
    return refuse(
      "budget",
      `the producer's trace has ${Math.max(0, budget.free())} bytes free; the delivery record needs ${bytes}`,
    );
  const slot = allowance.take();
  if (slot === undefined)
    return refuse("share-limit", `at most ${allowance.max} shares succeed in one turn`);
  budget.reserved += bytes;
  const held = { delivery: parsed.delivery, slot, bytes };
  row.share = held;
  return {
    ok: true,
    reservation: {
      rowId: row.id,
      delivery: parsed.delivery,
      release: () => {
        if (row.share !== held) return;
        row.share = undefined;
        budget.reserved -= bytes;
        slot.release();
      },
    },
  };
}

/** What a settling row does about a share delivery. */
export interface DeliveryOutcome {
  readonly delivery?: ShareDelivery;
  /** Why a claimed delivery could not be recorded: the row and the result become errors. */
  readonly error?: string;
  /** Reserved bytes this row may now use. */
  readonly bytes: number;
  /** Spends what the delivery holds; call once the record is stored. */
  commit(): void;
}

const NOTHING: DeliveryOutcome = { bytes: 0, commit: () => {} };

/**
 * Settles a row's share: a held reservation whose details the successful result repeats is
 * consumed; any other held reservation is released (the row keeps its error). A delivery claimed
 * without a reservation must still fit (bytes and allowance) or it is an error, never a claimed
 * delivery.
 */
export function settleDelivery(
  row: Row,
  result: ToolResult,
  budget: TraceBudget,
  allowance: ShareAllowance,
): DeliveryOutcome {
  const claimed = claimedDelivery(result.details);
  const held = row.share;
  row.share = undefined;
  if (held !== undefined) {
    if (!result.isError && claimed !== undefined && sameDelivery(held.delivery, claimed))
      return {
        delivery: held.delivery,
        bytes: held.bytes,
        commit: () => {
          budget.reserved -= held.bytes;
          held.slot.consume();
        },
      };
    budget.reserved -= held.bytes;
    held.slot.release();
  }
  if (claimed === undefined || result.isError) return NOTHING;
  const fail = (reason: string): DeliveryOutcome => ({
    ...NOTHING,
    error: `share not delivered: ${reason}`,
  });
  if (row.record === undefined) return fail("this producer's trace is full");
  const parsed = parseShareDetails(claimed);
  if (!parsed.ok) return fail(parsed.message);
  const need = minimalBytes(deliveryParts(row, parsed.delivery)) - row.bytes;
  if (need > budget.free()) return fail("the trace budget has no room for its delivery record");
  const slot = allowance.take();
  if (slot === undefined) return fail(`at most ${allowance.max} shares succeed in one turn`);
  return { delivery: parsed.delivery, bytes: 0, commit: () => slot.consume() };
}
