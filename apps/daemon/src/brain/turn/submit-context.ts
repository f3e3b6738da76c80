import type { HookBus } from "@elowen/hook-bus";
import { renderAttachment } from "@elowen/prompt-compose";

/**
 * The blocks `prompt.submit` hooks attached beside the prompt, each raised through
 * `prompt.attachment` as a plugin's chain context (a hook may rewrite or drop it).
 */
export async function submitContextBlocks(
  hooks: HookBus,
  blocks: readonly string[],
  scope: { readonly sessionId: string; readonly userId: number | null },
): Promise<string[]> {
  const out: string[] = [];
  for (const text of blocks) {
    const attached = await renderAttachment({
      dispatcher: hooks,
      input: { type: "plugin_context", text, origin: { kind: "plugin", event: "prompt.submit" } },
      scope,
    });
    if (attached.text !== null) out.push(attached.text);
  }
  return out;
}
