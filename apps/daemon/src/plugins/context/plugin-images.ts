import {
  checkImageInput,
  type ImageProblemCode,
  type PluginImages,
  type StoredImageContent,
} from "@elowen/plugin-api/images";
import { ElowenError } from "@elowen/plugin-shared/errors";
import type { BlobStorage } from "../../store/blob-storage.js";

/** An image `ctx.images.put` refused: `images.<rule>`, the message naming the field and rule. */
export class PluginImageError extends ElowenError<`images.${ImageProblemCode}`> {
  override readonly name = "PluginImageError";
}

/**
 * `ctx.images`: checks each image where it enters (checkImageInput), stores its bytes once in the
 * content-addressed store, and answers the content block the tool returns. The journal writer
 * keeps that block as a reference (storeResult), and the model reads it back from the store on
 * replay. A blob no entry comes to own is swept after the store's grace, as any other.
 */
export function pluginImages(blobs: () => BlobStorage): PluginImages {
  return {
    async put(image): Promise<StoredImageContent> {
      const problem = checkImageInput(image);
      if (problem)
        throw new PluginImageError({
          code: `images.${problem.code}`,
          summary: problem.summary,
          expected: problem.expected,
          received: problem.received,
        });
      const stored = await blobs().put(image.bytes);
      const { mimeType } = image;
      return {
        type: "image",
        data: Buffer.from(
          image.bytes.buffer,
          image.bytes.byteOffset,
          image.bytes.byteLength,
        ).toString("base64"),
        mimeType,
        ref: { hash: stored.hash, mimeType, bytes: stored.bytes },
      };
    },
  };
}
