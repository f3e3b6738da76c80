import { z } from "zod";
import type { Access } from "./access.js";
import { COMMAND_NAME_PATTERN, OPEN_URL_MAX_CHARS } from "./limits.js";

/** The surfaces that list commands. */
export const CHAT_SURFACES = ["cli", "web"] as const;
/** A surface that lists commands. */
export type ChatSurface = (typeof CHAT_SURFACES)[number];

/** One row of a picker, as the host renders or sends it. */
export const PickerItemSchema = z.strictObject({
  id: z.string().min(1).max(200),
  label: z.string().min(1).max(200),
  description: z.string().max(500).optional(),
  hint: z.string().max(100).optional(),
  disabled: z.boolean().optional(),
});
/** One row of a picker. */
export type PickerItem = z.infer<typeof PickerItemSchema>;

/** The bounded descriptor a picker renders from: at most 500 rows. */
export const PickerDescriptorSchema = z.strictObject({
  title: z.string().min(1).max(200),
  items: z.array(PickerItemSchema).max(500),
  emptyText: z.string().max(500).optional(),
  /** Keys the picker offers on a selected row besides Enter, e.g. `{ d: "delete" }`. */
  keys: z.record(z.string().regex(/^[a-z]$/), z.string().min(1).max(40)).optional(),
});
/** The bounded descriptor a picker renders from. */
export type PickerDescriptor = z.infer<typeof PickerDescriptorSchema>;

/** What a picker's explicit action answers: a transient notice and an optional URL to open. */
export const PickerActionResultSchema = z.strictObject({
  notice: z.string().max(2000).optional(),
  openUrl: z.string().max(OPEN_URL_MAX_CHARS).optional(),
  refresh: z.boolean().optional(),
});
/** What a picker's explicit action answers. */
export type PickerActionResult = z.infer<typeof PickerActionResultSchema>;

/** What a picker's render and action receive. */
export interface PickerRequest {
  readonly access: Access;
  readonly surface: ChatSurface;
  readonly sessionId?: string;
  /** The text typed after the command name. */
  readonly args: string;
  /** The view strings of the owning plugin for the reader's language. */
  readonly strings: Readonly<Record<string, string>>;
}
/** An explicit action on a picker row. */
export interface PickerActionRequest extends PickerRequest {
  readonly itemId: string;
  /** "select" for Enter, or one of the descriptor's `keys`. */
  readonly action: string;
}

/** A prompt command: the agent receives the expanded prompt ($ARGUMENTS, $1.., ${N:-default}, ${@:N}). */
export interface PromptCommand {
  readonly kind: "prompt";
  readonly name: string;
  readonly description: string;
  readonly prompt: string;
  readonly argumentHint?: string;
  readonly adminOnly?: boolean;
}
/** A picker: rendered locally by the CLI or web, never a model turn. */
export interface PickerCommand {
  readonly kind: "picker";
  readonly name: string;
  readonly description: string;
  readonly adminOnly?: boolean;
  /** The CLI contribution: the picker's scope and its renderer. */
  readonly cliPicker?: {
    readonly scope: "session" | "account" | "instance";
    render(request: PickerRequest): PickerDescriptor | Promise<PickerDescriptor>;
  };
  /** Renders the picker for the web surface (falls back to cliPicker's renderer). */
  render?(request: PickerRequest): PickerDescriptor | Promise<PickerDescriptor>;
  /** The picker's rows open a card task rather than a notice. */
  readonly cardAction?: "task";
  /** Runs an explicit action on a row. */
  action?(
    request: PickerActionRequest,
  ): PickerActionResult | undefined | void | Promise<PickerActionResult | undefined | void>;
}
/** A command a plugin registers. */
export type CommandDefinition = PromptCommand | PickerCommand;

const CommandNameSchema = z
  .string()
  .regex(
    COMMAND_NAME_PATTERN,
    "one to 32 lowercase letters, digits and dashes, starting with a letter or digit",
  );
const CommandDescriptionSchema = z.string().min(1).max(500);

/** Validates the static part of a command registration. */
export const CommandRegistrationSchema = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("prompt"),
    name: CommandNameSchema,
    description: CommandDescriptionSchema,
    prompt: z.string().min(1, "a prompt command needs a non-empty prompt"),
    argumentHint: z.string().max(200).optional(),
    adminOnly: z.boolean().optional(),
  }),
  z.looseObject({
    kind: z.literal("picker"),
    name: CommandNameSchema,
    description: CommandDescriptionSchema,
    prompt: z.undefined({ message: "a picker carries no prompt" }).optional(),
    adminOnly: z.boolean().optional(),
    cardAction: z.literal("task").optional(),
  }),
]);

/** A direct input alias a command provider projects, e.g. `/report-guide` → `/skill:report-guide`. */
export interface CommandAlias {
  readonly name: string;
  readonly description: string;
  /** The command line the alias stands for; the argument tail is forwarded unchanged. */
  readonly target: string;
}
/** An asynchronous provider of per-account aliases, awaited every time the catalog is read. */
export type CommandProvider = (request: {
  readonly access: Access;
  readonly surface: ChatSurface;
}) => Promise<readonly CommandAlias[]>;

/** How a command executes. */
export type CommandMechanism = "prompt" | "picker" | "alias" | "builtin";
/** One row of `chatCommands(surface)`: the complete catalog with kind and mechanism. */
export interface ChatCommandDescriptor {
  readonly name: string;
  readonly description: string;
  readonly kind: "prompt" | "picker";
  readonly mechanism: CommandMechanism;
  /** `core` or the owning plugin's name. */
  readonly owner: string;
  readonly adminOnly: boolean;
  readonly argumentHint?: string;
  readonly target?: string;
  readonly cardAction?: "task";
  readonly cliPicker?: { readonly scope: "session" | "account" | "instance" };
}
