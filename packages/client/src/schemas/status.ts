import { McpStatusRowSchema } from "@elowen/plugin-api";
import { z } from "zod";

/** A plugin's load state as status shows it. */
export const PluginStatusRowSchema = z.strictObject({
  name: z.string(),
  version: z.string(),
  state: z.enum(["loaded", "refused"]),
  reason: z.string().optional(),
});

/**
 * `GET /brain/status`: the stable envelope (plugin-api's BrainStatus). `mcp` is absent when no
 * provider said anything, null when known unavailable, and shown to administrators only.
 */
export const BrainStatusSchema = z.strictObject({
  core: z.strictObject({ version: z.string(), sharedApi: z.number(), uiApi: z.number() }),
  model: z.strictObject({
    provider: z.string(),
    id: z.string(),
    label: z.string(),
    offline: z.boolean(),
  }),
  admitsNewWork: z.boolean(),
  plugins: z.array(PluginStatusRowSchema),
  mcp: z.array(McpStatusRowSchema).nullable().optional(),
});
/** `GET /brain/status`. */
export type BrainStatusBody = z.infer<typeof BrainStatusSchema>;
