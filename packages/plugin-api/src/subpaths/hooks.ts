/** `@elowen/plugin-api/hooks`. Lifecycle hooks (`ctx.registerHook`): the six names, payloads, patches, the capability each patch needs. */

export type {
  AppendResult,
  DenyToolCall,
  HookContext,
  HookName,
  HookPatches,
  HookPayloads,
  HookRegistration,
  HookResult,
  PluginShutdownPayload,
  SessionAfterSpawnPayload,
  SessionBeforeSpawnPayload,
  SessionKind,
  ToolCallAfterPayload,
  ToolCallBeforePayload,
  UpdateArgs,
} from "../hooks.js";
export {
  APPEND_RESULT_MAX_CHARS,
  AppendResultSchema,
  DenyToolCallSchema,
  HOOK_NAMES,
  HOOK_PATCH_CAPABILITY,
  HOOK_PATCH_SCHEMAS,
  RETIRED_HOOK_NAMES,
  retiredHookReplacement,
  SESSION_KINDS,
  UpdateArgsSchema,
} from "../hooks.js";
