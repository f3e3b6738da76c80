import type { CompactionEntryData, TurnEndEntryData } from "@elowen/wire";

/**
 * One drawn piece of the transcript, keyed by the host's ids so that the live and the reloaded
 * transcript key the same pieces the same way: `user:<entry>`, `text:<entry>:<block>`,
 * `thinking:<entry>:<block>`, `call:<call id>`, `floating:<turn>`, `end:<entry>`,
 * `compaction:<entry>`, `error:<entry>`.
 */
export type TranscriptBlock =
  | { readonly kind: "user"; readonly key: string; readonly text: string }
  | {
      readonly kind: "text" | "thinking";
      readonly key: string;
      readonly text: string;
      /** True while the message is still streaming (not yet committed). */
      readonly streaming: boolean;
    }
  | {
      readonly kind: "call";
      readonly key: string;
      readonly callId: string;
      readonly turnId: string;
    }
  | { readonly kind: "floating"; readonly key: string; readonly turnId: string }
  | { readonly kind: "turn-end"; readonly key: string; readonly data: TurnEndEntryData }
  | { readonly kind: "compaction"; readonly key: string; readonly data: CompactionEntryData }
  | { readonly kind: "error"; readonly key: string; readonly message: string };

/** The kind of a block. */
export type TranscriptBlockKind = TranscriptBlock["kind"];

/** Whether two neighbouring blocks are drawn without a blank line between them (rows stay tight). */
export function tight(
  previous: TranscriptBlockKind | undefined,
  next: TranscriptBlockKind,
): boolean {
  const rows = (kind: TranscriptBlockKind | undefined) => kind === "call" || kind === "floating";
  return (rows(previous) && rows(next)) || (rows(previous) && next === "turn-end");
}
