import { z } from "zod";

/**
 * `GET /health`: unauthenticated liveness with the core version. The daemon answers it as soon as
 * it listens: `ready` is false while its store, models and plugins are still loading (other
 * requests wait for them) and true once every route is served. A daemon older than this field
 * leaves it out: read its absence as ready.
 */
export const HealthSchema = z.strictObject({
  ok: z.literal(true),
  version: z.string(),
  ready: z.boolean().optional(),
});
/** `GET /health`. */
export type Health = z.infer<typeof HealthSchema>;
