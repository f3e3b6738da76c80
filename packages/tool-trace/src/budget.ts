import { MAX_TRACE_BYTES, MAX_TRACE_RECORDS } from "@elowen/plugin-api/limits";
import { TRACE_ROW_RESERVE_BYTES } from "./limits.js";

/**
 * One producer's budget: `MAX_TRACE_RECORDS` rows and `MAX_TRACE_BYTES` bytes (the JSON of each
 * record, in UTF-8). Bytes reserved for share deliveries count as spent for every other purpose.
 * Answer records may take their minimal slot past either cap; what they take still counts, so
 * later rows see less room. The truncation note is not charged: it is the one entry past the caps.
 */
export class TraceBudget {
  rows = 0;
  bytes = 0;
  reserved = 0;
  droppedRows = 0;
  droppedBytes = 0;

  /** Bytes no row, note, reservation or upgrade has taken (negative once answers overran). */
  free(): number {
    return MAX_TRACE_BYTES - this.bytes - this.reserved;
  }

  /** Whether a new row or note whose minimal form costs `bytes` is admitted. */
  admits(bytes: number): boolean {
    return this.rows < MAX_TRACE_RECORDS && bytes <= this.free();
  }

  /**
   * Room for display parts beyond minimal forms: free bytes less the minimal reserve of every row
   * still to come (`TRACE_ROW_RESERVE_BYTES` each), never negative.
   */
  displayRoom(): number {
    const toCome = Math.max(0, MAX_TRACE_RECORDS - this.rows);
    return Math.max(0, this.free() - toCome * TRACE_ROW_RESERVE_BYTES);
  }

  /** Records a row or note left out, for the truncation note. */
  drop(bytes: number): void {
    this.droppedRows++;
    this.droppedBytes += bytes;
  }
}
