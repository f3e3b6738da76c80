import { TURN_CONTEXT_ENTRY } from "@elowen/plugin-api/journal";
import {
  TURN_CONTEXT_PLACEMENTS,
  type TurnContextPlacement,
} from "@elowen/plugin-api/prompt-context";

/**
 * One accepted turn-context contribution, as the host stores it: the `data` of a hidden
 * `elowen.turn-context` journal entry (`TURN_CONTEXT_ENTRY`), written in the same transaction as
 * the user (or host) message it is anchored to. `v` versions the shape.
 */
export interface TurnContextRecord {
  readonly type: typeof TURN_CONTEXT_ENTRY;
  readonly v: 1;
  /** The contributing plugin. */
  readonly plugin: string;
  /** The provider's name within its plugin. */
  readonly name: string;
  readonly placement: TurnContextPlacement;
  readonly text: string;
  /** The turn it was composed for. */
  readonly turnId: string;
  /** When it was composed, in the host clock's milliseconds. */
  readonly at: number;
}

/** A text content block, as pi-ai and the providers take one. */
export interface TextBlock {
  readonly type: "text";
  readonly text: string;
}

/**
 * Reads a stored record back (a trust boundary: journal data is parsed, not cast). Returns
 * undefined for anything that is not a version-1 turn-context record, such as an entry retired
 * by cold clearing (`elowen.context-cleared`).
 */
export function parseTurnContextRecord(value: unknown): TurnContextRecord | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const r = value as Record<string, unknown>;
  const ok =
    r.type === TURN_CONTEXT_ENTRY &&
    r.v === 1 &&
    typeof r.plugin === "string" &&
    typeof r.name === "string" &&
    (TURN_CONTEXT_PLACEMENTS as readonly unknown[]).includes(r.placement) &&
    typeof r.text === "string" &&
    typeof r.turnId === "string" &&
    typeof r.at === "number" &&
    Number.isFinite(r.at);
  if (!ok) return undefined;
  return {
    type: TURN_CONTEXT_ENTRY,
    v: 1,
    plugin: r.plugin as string,
    name: r.name as string,
    placement: r.placement as TurnContextPlacement,
    text: r.text as string,
    turnId: r.turnId as string,
    at: r.at as number,
  };
}

/**
 * How the model reads one record: its text framed as host context, named by its source, so that
 * it is never mistaken for the person's words. Deterministic, so a replayed request is
 * byte-identical to the one first sent and keeps the provider's cache.
 */
export function formatTurnContext(record: TurnContextRecord): string {
  return `<turn-context source="${record.plugin}:${record.name}">\n${record.text}\n</turn-context>`;
}

/**
 * Restores a user message's turn context into a provider request (the canonical projection):
 * the before-user records' blocks, then the user's own content unchanged, then the after-user
 * records' blocks, each side in record order. A string content becomes one text block. Records
 * of other turns or other types are the caller's to leave out; with no records the content comes
 * back as blocks, unchanged.
 */
export function replayTurnContext<B extends { readonly type: string }>(
  content: string | readonly B[],
  records: readonly TurnContextRecord[],
): (B | TextBlock)[] {
  const user: (B | TextBlock)[] =
    typeof content === "string" ? [{ type: "text", text: content }] : [...content];
  const before: TextBlock[] = [];
  const after: TextBlock[] = [];
  for (const record of records) {
    (record.placement === "after-user" ? after : before).push({
      type: "text",
      text: formatTurnContext(record),
    });
  }
  return [...before, ...user, ...after];
}
