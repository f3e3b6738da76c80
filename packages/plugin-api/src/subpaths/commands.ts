/** `@elowen/plugin-api/commands`. Slash commands: prompt and picker commands, command providers, chat surfaces and their schemas. */

export type {
  ChatCommandDescriptor,
  ChatSurface,
  CommandAlias,
  CommandDefinition,
  CommandMechanism,
  CommandProvider,
  PickerActionRequest,
  PickerActionResult,
  PickerCommand,
  PickerDescriptor,
  PickerItem,
  PickerRequest,
  PromptCommand,
} from "../commands.js";
export {
  CHAT_SURFACES,
  CommandRegistrationSchema,
  PickerActionResultSchema,
  PickerDescriptorSchema,
  PickerItemSchema,
} from "../commands.js";
