import type { ToolResult } from "@elowen/plugin-api/tools";
import type { ToolTraceRecord } from "@elowen/plugin-api/trace";
import type { RecordParts } from "./record-fit.js";
import type { ShareDelivery, ShareSlot } from "./shares.js";

/** A held share reservation on a row: the delivery, its allowance place and its bytes. */
export interface HeldShare {
  readonly delivery: ShareDelivery;
  readonly slot: ShareSlot;
  readonly bytes: number;
}

/** A row of the log: admitted (charged, published) or a shadow (over budget, unpublished). */
export interface Row {
  readonly id: string;
  parts: RecordParts;
  /** The stored record; undefined while a shadow. */
  record: ToolTraceRecord | undefined;
  /** Bytes charged to the budget. */
  bytes: number;
  /** What a running row stays charged at least: its minimal form and its omission marker. */
  floor: number;
  settled: boolean;
  /** The reporting call this row was drained into. */
  reportedIn: string | undefined;
  /** Monotonic start, for the duration. */
  readonly startedMono: number;
  share: HeldShare | undefined;
}

/** The text blocks of a result, joined: what a row shows as output. */
export function outputOf(result: ToolResult): string {
  return result.content
    .filter((block) => block.type === "text")
    .map((block) => block.text)
    .join("\n");
}

/** Whether two deliveries are the same (the share tool returned what it reserved). */
export function sameDelivery(a: ShareDelivery, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
