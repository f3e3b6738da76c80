import type { PluginImages } from "@elowen/plugin-api/images";
import { checkImageInput } from "@elowen/plugin-api/images";
import type { ImageContent, TextContent, ToolResult } from "@elowen/plugin-api/tools";
import { errorMessage } from "@elowen/plugin-shared/errors";

type Block = TextContent | ImageContent;

/**
 * A result's images put in the host's image store (`ctx.images`): each image block becomes the
 * stored block `put` answers, which the model sees as the image and the journal, the rows and the
 * clients keep by reference. An image the host refuses (a type other than PNG, JPEG, GIF or WebP,
 * past MAX_TOOL_IMAGE_BYTES, bytes that are not the type the server named) or cannot store becomes
 * a note saying why. A host without `ctx.images` (built before shared API 17) gets the image
 * inline, checked by the same rules.
 */
export async function storeImages<R extends ToolResult>(
  result: R,
  images: PluginImages | undefined,
): Promise<R> {
  if (!result.content.some((block) => block.type === "image")) return result;
  const content: Block[] = [];
  for (const block of result.content)
    content.push(block.type === "image" ? await storeImage(block, images) : block);
  return { ...result, content };
}

async function storeImage(block: ImageContent, images: PluginImages | undefined): Promise<Block> {
  const bytes = Buffer.from(block.data, "base64");
  const image = { bytes, mimeType: block.mimeType };
  try {
    if (images) return await images.put(image);
    const problem = checkImageInput(image);
    if (!problem) return block;
    return note(block, bytes.byteLength, `${problem.summary}: expected ${problem.expected}`);
  } catch (error) {
    return note(block, bytes.byteLength, errorMessage(error));
  }
}

const note = (block: ImageContent, bytes: number, why: string): TextContent => ({
  type: "text",
  text: `[image (${block.mimeType.slice(0, 100)}, ${bytes} bytes) left out: ${why}]`,
});
