import {
  CHAT_SURFACES,
  PickerActionResultSchema,
  PickerDescriptorSchema,
} from "@elowen/plugin-api/commands";
import { COMMAND_NAME_PATTERN } from "@elowen/plugin-api/limits";
import { z } from "zod";
import { SessionIdSchema } from "./sessions.js";

/** One row of the command catalog (`chatCommands(surface)`): kind, mechanism and owner. */
export const ChatCommandDescriptorSchema = z.strictObject({
  name: z.string(),
  description: z.string(),
  kind: z.enum(["prompt", "picker"]),
  mechanism: z.enum(["prompt", "picker", "alias", "builtin"]),
  owner: z.string(),
  adminOnly: z.boolean(),
  argumentHint: z.string().optional(),
  target: z.string().optional(),
  cardAction: z.literal("task").optional(),
  cliPicker: z.strictObject({ scope: z.enum(["session", "account", "instance"]) }).optional(),
});

/** `GET /commands?surface=cli|web`. */
export const CommandCatalogQuerySchema = z.strictObject({
  surface: z.enum(CHAT_SURFACES, { message: 'surface is "cli" or "web"' }),
});

/** `GET /commands`: the complete catalog the caller may see. */
export const CommandCatalogSchema = z.strictObject({
  commands: z.array(ChatCommandDescriptorSchema),
});
/** `GET /commands`. */
export type CommandCatalog = z.infer<typeof CommandCatalogSchema>;

/** `:name` of a command route. */
export const CommandParamsSchema = z.strictObject({
  name: z
    .string()
    .regex(COMMAND_NAME_PATTERN, "a command name is 1 to 32 lowercase letters, digits and dashes"),
});

/** `POST /commands/:name/render`: render a picker for a surface. */
export const PickerRenderBodySchema = z.strictObject({
  surface: z.enum(CHAT_SURFACES),
  args: z.string().max(4000).default(""),
  sessionId: SessionIdSchema.optional(),
});
/** `POST /commands/:name/render` body. */
export type PickerRenderBody = z.input<typeof PickerRenderBodySchema>;

/** `POST /commands/:name/action`: an explicit action on one picker row. */
export const PickerActionBodySchema = PickerRenderBodySchema.extend({
  itemId: z.string().min(1).max(200),
  action: z.string().min(1).max(40).default("select"),
});
/** `POST /commands/:name/action` body. */
export type PickerActionBody = z.input<typeof PickerActionBodySchema>;

/** The picker descriptor a render answers (the plugin-api schema, re-used as the wire schema). */
export const PickerRenderResponseSchema = PickerDescriptorSchema;
/** What an action answers; `openUrl` has been validated and normalized by core. */
export const PickerActionResponseSchema = PickerActionResultSchema;
