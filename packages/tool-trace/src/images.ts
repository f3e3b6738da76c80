import type { ToolResult } from "@elowen/plugin-api/tools";
import { type ImageRef, ImageRefSchema } from "@elowen/plugin-api/trace";
import { errorMessage } from "@elowen/plugin-shared/errors";
import type { ToolImageStore } from "./types.js";

function decodeBase64(data: string): Uint8Array {
  const NodeBuffer = (
    globalThis as { Buffer?: { from(data: string, encoding: string): Uint8Array } }
  ).Buffer;
  if (NodeBuffer) return NodeBuffer.from(data, "base64");
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether a result carries image blocks to externalize. */
export function hasImages(result: ToolResult): boolean {
  return result.content.some((block) => block.type === "image");
}

/**
 * Stores each image block of a nested result through the session's content-addressed store and
 * returns the references, in content order. Best-effort: without a store there are none; a block
 * the store refuses, or whose reference does not validate, is left out and reported to
 * `onProblem`. The result itself is never changed.
 */
export async function externalizeImages(
  result: ToolResult,
  store: ToolImageStore | undefined,
  onProblem: (message: string) => void,
): Promise<ImageRef[]> {
  if (store === undefined) return [];
  const refs: ImageRef[] = [];
  for (const block of result.content) {
    if (block.type !== "image") continue;
    try {
      const ref = ImageRefSchema.safeParse(
        await store.put(decodeBase64(block.data), block.mimeType),
      );
      if (ref.success) refs.push(ref.data);
      else onProblem(`image store returned an invalid reference: ${ref.error.issues[0]?.message}`);
    } catch (error) {
      onProblem(`image store refused an image: ${errorMessage(error)}`);
    }
  }
  return refs;
}
