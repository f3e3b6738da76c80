import type { ClientKeyEvent } from "@elowen/plugin-api/prompt-box";

/** A key as pi-tui names it (`ctrl+a`, `shift+tab`), in the client onKey shape prompt.edit carries. */
export function keyEvent(key: string, sequence: string): ClientKeyEvent {
  const parts = key.split("+");
  const name = parts.pop() ?? key;
  return {
    name,
    sequence,
    ...(parts.includes("ctrl") ? { ctrl: true } : {}),
    ...(parts.includes("alt") ? { meta: true } : {}),
    ...(parts.includes("shift") ? { shift: true } : {}),
  };
}
