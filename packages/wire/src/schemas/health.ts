import { z } from "zod";

/** `GET /health`: unauthenticated liveness with the core version. */
export const HealthSchema = z.strictObject({
  ok: z.literal(true),
  version: z.string(),
});
/** `GET /health`. */
export type Health = z.infer<typeof HealthSchema>;
