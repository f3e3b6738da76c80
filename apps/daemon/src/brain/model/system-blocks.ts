import { isRecord } from "@elowen/plugin-shared/record";
import { SECTION_SEPARATOR } from "@elowen/prompt-compose";

/**
 * An Anthropic Messages payload with its system prompt split at the composition's cache boundary:
 * the system prompt's block (pi-ai's last `system` block; an OAuth request has the Claude Code
 * identity before it) becomes the shared prefix, keeping the block's `cache_control`, then the
 * session suffix as a second block without one. The request keeps as many cache breakpoints as
 * pi-ai gave it (at most Anthropic's 4), and two sessions that differ only in session data send
 * a byte-identical first block that the provider caches once for both.
 *
 * The payload is returned unchanged (the same object) when `prefix` is empty, the payload has no
 * text system block, or that block does not begin with `prefix` and a blank line followed by a
 * non-empty suffix (a prompt with no session part, or text pi-ai sanitized inside the prefix).
 * Otherwise a new payload is returned; the one given is not modified.
 */
export function splitSystemPrefix(payload: unknown, prefix: string): unknown {
  if (prefix === "" || !isRecord(payload) || !Array.isArray(payload.system)) return payload;
  const system: unknown[] = payload.system;
  const last = system.at(-1);
  if (!isRecord(last) || last.type !== "text" || typeof last.text !== "string") return payload;
  const head = prefix + SECTION_SEPARATOR;
  if (!last.text.startsWith(head) || last.text.length === head.length) return payload;
  const { cache_control: _breakpoint, ...plain } = last;
  const shared = { ...last, text: prefix };
  const session = { ...plain, text: last.text.slice(head.length) };
  return { ...payload, system: [...system.slice(0, -1), shared, session] };
}
