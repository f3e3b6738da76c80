import { SessionParamsSchema } from "@elowen/wire";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { BLOB_HASH_PATTERN } from "../../store/blob-store.js";
import { StoreError } from "../../store/store-error.js";
import type { HttpContext } from "../http-context.js";
import { route } from "../zod-route.js";
import { ownedSession } from "./session-access.js";

const AttachmentParamsSchema = SessionParamsSchema.extend({
  hash: z
    .string()
    .regex(BLOB_HASH_PATTERN, "an attachment id is the 64 lowercase hex characters of its SHA-256"),
});

/**
 * `GET /sessions/:sessionId/attachments/:hash`: a stored image or file, served only when the
 * caller owns the session and the session owns the blob. The id is a SHA-256, so no path can be
 * named; the bytes are sandboxed and never sniffed.
 */
export function attachmentRoutes(app: FastifyInstance, context: HttpContext): void {
  route(app, {
    method: "GET",
    url: "/sessions/:sessionId/attachments/:hash",
    auth: "account",
    summary: "A stored image or shared file the session owns",
    tags: ["sessions"],
    schema: {
      params: AttachmentParamsSchema,
      response: { 200: z.string().describe("the stored bytes") },
    },
    handler: async (request, reply) => {
      const { sessionId, hash } = request.params;
      await ownedSession(context.store, request, sessionId);
      const owned = await context.store.attachments.owned(sessionId, hash);
      const bytes = owned ? await context.store.blobs.read(hash) : undefined;
      if (!owned || !bytes)
        throw new StoreError("not_found", `session ${sessionId} has no attachment ${hash}`);
      const filename = (owned.filename ?? hash).replace(/[^\w.\- ]/g, "_");
      const inline = owned.kind === "image" && owned.mimeType !== "image/svg+xml";
      return reply
        .header("content-type", owned.mimeType)
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "sandbox")
        .header("cache-control", "private, max-age=31536000, immutable")
        .header(
          "content-disposition",
          `${inline ? "inline" : "attachment"}; filename="${filename}"`,
        )
        .serializer((payload: unknown) => payload as string)
        .send(bytes);
    },
  });
}
