import { z } from "zod";
import {
  type RunBoundaryPatch,
  RunBoundaryPatchSchema,
  type RunBoundaryPayload,
} from "./run-boundary.js";

/** The lifecycle hook names. */
export const HOOK_NAMES = [
  "brain.session.beforeSpawn",
  "brain.session.afterSpawn",
  "brain.run.beforeSettle",
  "tools.call.before",
  "tools.call.after",
  "plugin.shutdown",
] as const;
/** One lifecycle hook name. */
export type HookName = (typeof HOOK_NAMES)[number];

/**
 * Retired hook names and what replaced each. Registering one fails with this text. Names ending
 * in `*` retire a whole prefix.
 */
export const RETIRED_HOOK_NAMES: Readonly<Record<string, string>> = {
  "brain.turn.contextBuilt":
    "brain.turn.contextBuilt is retired: per-turn context comes from ctx.registerTurnContext (before-user or after-user text); raw input changes from ctx.registerInputTransform",
  "brain.turn.beforeContext":
    "brain.turn.beforeContext never fired and is gone: use ctx.registerTurnContext",
  "brain.turn.beforeSend":
    "brain.turn.beforeSend never fired and is gone: use the turn.step chain (ctx.on('turn.step', ...))",
  "brain.turn.afterResponse":
    "brain.turn.afterResponse never fired and is gone: use the turn.complete chain (ctx.on('turn.complete', ...)) or brain.run.beforeSettle",
  "plugin.reload.*":
    "plugin.reload.* is retired: a plugin change now restarts the daemon; use plugin.shutdown for cleanup the operating system will not do",
};

/** The replacement text for a retired hook name, or `undefined` when the name is not retired. */
export function retiredHookReplacement(name: string): string | undefined {
  const exact = RETIRED_HOOK_NAMES[name];
  if (exact !== undefined) return exact;
  for (const [pattern, text] of Object.entries(RETIRED_HOOK_NAMES)) {
    if (pattern.endsWith("*") && name.startsWith(pattern.slice(0, -1))) return text;
  }
  return undefined;
}

/** Where a session's turns come from. */
export const SESSION_KINDS = ["interactive", "cron", "worker", "subagent", "review"] as const;
/** Where a session's turns come from. */
export type SessionKind = (typeof SESSION_KINDS)[number];

/** `brain.session.beforeSpawn`: a session's agent is about to be built. */
export interface SessionBeforeSpawnPayload {
  readonly sessionId: string;
  readonly userId: number | null;
  readonly kind: SessionKind;
  readonly agentId?: string;
}
/** `brain.session.afterSpawn`: a session's agent exists. */
export interface SessionAfterSpawnPayload {
  readonly sessionId: string;
  readonly userId: number | null;
  readonly kind: SessionKind;
  readonly agentId?: string;
  readonly persona?: string;
}
/** `tools.call.before`: a permitted tool call is about to run. */
export interface ToolCallBeforePayload {
  readonly sessionId: string;
  readonly toolCallId: string;
  readonly toolName: string;
  readonly args: unknown;
  readonly agentId?: string;
  /** True for a call made by a producer (code mode) rather than by the model. */
  readonly nested: boolean;
}
/** `tools.call.after`: a tool call settled. */
export interface ToolCallAfterPayload {
  readonly sessionId: string;
  readonly toolCallId: string;
  readonly toolName: string;
  readonly args: unknown;
  readonly isError: boolean;
  readonly durationMs?: number;
  /** The text content of the result, joined. */
  readonly text: string;
  readonly agentId?: string;
  readonly nested: boolean;
}
/** `plugin.shutdown`: the daemon is pausing to exit. */
export interface PluginShutdownPayload {
  readonly reason: "signal" | "stop" | "restart";
  /** Epoch milliseconds by which the whole teardown must be over. */
  readonly deadline: number;
}

/** The payload of each lifecycle hook. */
export interface HookPayloads {
  "brain.session.beforeSpawn": SessionBeforeSpawnPayload;
  "brain.session.afterSpawn": SessionAfterSpawnPayload;
  "brain.run.beforeSettle": RunBoundaryPayload;
  "tools.call.before": ToolCallBeforePayload;
  "tools.call.after": ToolCallAfterPayload;
  "plugin.shutdown": PluginShutdownPayload;
}

/** `denyToolCall` patch: refuses the call with a reason the model reads. */
export const DenyToolCallSchema = z.strictObject({ reason: z.string().min(1).max(2000) });
/** `denyToolCall` patch. */
export type DenyToolCall = z.infer<typeof DenyToolCallSchema>;

/**
 * `updateArgs` patch: the call runs with these arguments instead of the model's, checked against
 * the tool's schema again (a rewrite that fails the check fails the call).
 */
export const UpdateArgsSchema = z.strictObject({ args: z.unknown() });
/** `updateArgs` patch. */
export type UpdateArgs = z.infer<typeof UpdateArgsSchema>;

/** The most characters an `appendResult` patch adds to a tool's result (ours). */
export const APPEND_RESULT_MAX_CHARS = 10000;
/** `appendResult` patch: text the model reads after a tool's result, in the same result. */
export const AppendResultSchema = z.strictObject({
  text: z.string().min(1).max(APPEND_RESULT_MAX_CHARS),
});
/** `appendResult` patch. */
export type AppendResult = z.infer<typeof AppendResultSchema>;

/** The patch each hook may return, and the capability (`mutates`) that honours it. */
export interface HookPatches {
  "brain.session.beforeSpawn": { readonly persona?: string };
  "brain.session.afterSpawn": never;
  "brain.run.beforeSettle": { readonly boundary?: RunBoundaryPatch };
  "tools.call.before": {
    readonly denyToolCall?: DenyToolCall;
    readonly updateArgs?: UpdateArgs;
  };
  "tools.call.after": { readonly appendResult?: AppendResult };
  "plugin.shutdown": never;
}

/** Patch schemas per hook; hooks without a mutation accept no patch. */
export const HOOK_PATCH_SCHEMAS = {
  "brain.session.beforeSpawn": z.strictObject({ persona: z.string().max(20000).optional() }),
  "brain.run.beforeSettle": z.strictObject({ boundary: RunBoundaryPatchSchema.optional() }),
  "tools.call.before": z.strictObject({
    denyToolCall: DenyToolCallSchema.optional(),
    updateArgs: UpdateArgsSchema.optional(),
  }),
  "tools.call.after": z.strictObject({ appendResult: AppendResultSchema.optional() }),
} as const;

/** The capability each mutating hook's patch needs (`HookPatches`). */
export const HOOK_PATCH_CAPABILITY = {
  "brain.session.beforeSpawn": "prompt",
  "brain.run.beforeSettle": "runBoundary",
  "tools.call.before": "tools",
  "tools.call.after": "tools",
} as const;

/** What a hook handler may return. Observers return nothing. */
export interface HookResult<N extends HookName = HookName> {
  readonly patch?: HookPatches[N];
  /** Free-form facts for the audit buffer and logs; never change behaviour. */
  readonly annotations?: Readonly<Record<string, unknown>>;
  /** A line for the administrator's hook audit. */
  readonly audit?: string;
}

/** What a hook handler receives beside its payload. */
export interface HookContext {
  /** Fires when the hook's budget is spent; work after it cannot change the settled result. */
  readonly signal: AbortSignal;
  readonly pluginName: string;
}

/** A lifecycle hook registration. */
export interface HookRegistration<N extends HookName = HookName> {
  readonly name: N;
  run(
    payload: HookPayloads[N],
    context: HookContext,
  ): HookResult<N> | undefined | void | Promise<HookResult<N> | undefined | void>;
}
