import type {
  SessionBeforeSpawnPayload,
  ToolCallAfterPayload,
  ToolCallBeforePayload,
} from "@elowen/plugin-api/hooks";
import type { RunBoundaryPatch, RunBoundaryPayload } from "@elowen/plugin-api/run-boundary";
import { emitCollected, emitGated, type LifecycleHost } from "./lifecycle-dispatch.js";

/** The first honoured `denyToolCall` of a `tools.call.before` dispatch. */
export interface HookDenial {
  readonly pluginName: string;
  readonly reason: string;
}
/** The persona that won a `brain.session.beforeSpawn` dispatch. */
export interface HookPersona {
  readonly pluginName: string;
  readonly persona: string;
}
/** One plugin's honoured `boundary` patch from `brain.run.beforeSettle`. */
export interface RunBoundaryHookPatch {
  readonly pluginName: string;
  readonly patch: RunBoundaryPatch;
}

/** An honoured `updateArgs` of a `tools.call.before` dispatch. */
export interface HookArgsUpdate {
  readonly pluginName: string;
  readonly args: unknown;
}
/** What `tools.call.before` decided: a denial, or the arguments the call runs with instead. */
export interface ToolCallVerdict {
  readonly denial?: HookDenial;
  /** The last honoured `updateArgs`; absent when the call is denied or nobody rewrote it. */
  readonly updatedArgs?: HookArgsUpdate;
}
/** An honoured `appendResult` of a `tools.call.after` dispatch. */
export interface HookResultAppend {
  readonly pluginName: string;
  readonly text: string;
}

/**
 * `tools.call.before`: the first honoured `denyToolCall` ends it (later hooks do not run);
 * otherwise the last honoured `updateArgs` (each hook reads the model's arguments) wins.
 */
export async function toolCallVerdict(
  host: LifecycleHost,
  payload: ToolCallBeforePayload,
): Promise<ToolCallVerdict> {
  let denial: HookDenial | undefined;
  let updatedArgs: HookArgsUpdate | undefined;
  await emitGated(host, "tools.call.before", payload, (entry, patch) => {
    const update = patch.updateArgs as { args: unknown } | undefined;
    if (update !== undefined) updatedArgs = { pluginName: entry.pluginName, args: update.args };
    const deny = patch.denyToolCall as { reason: string } | undefined;
    if (deny === undefined) return false;
    denial = { pluginName: entry.pluginName, reason: deny.reason };
    return true;
  });
  if (denial !== undefined) return { denial };
  return updatedArgs === undefined ? {} : { updatedArgs };
}

/** `tools.call.before`: the first honoured `denyToolCall`; later hooks do not run. */
export async function firstDenial(
  host: LifecycleHost,
  payload: ToolCallBeforePayload,
): Promise<HookDenial | undefined> {
  return (await toolCallVerdict(host, payload)).denial;
}

/**
 * `tools.call.after`: when a plugin granted `mutates: ["tools"]` has a handler, every handler runs
 * at once and the caller waits for them (their budget at most) to read each honoured
 * `appendResult`, in registration order. Otherwise the caller does not wait: it resolves at once
 * with none, and any patch is dropped and audited as not granted.
 */
export async function resultAppends(
  host: LifecycleHost,
  payload: ToolCallAfterPayload,
): Promise<readonly HookResultAppend[]> {
  const appends: (HookResultAppend & { index: number })[] = [];
  const dispatch = emitCollected(host, "tools.call.after", payload, (index, entry, patch) => {
    const append = patch.appendResult as { text: string } | undefined;
    if (append !== undefined)
      appends.push({ index, pluginName: entry.pluginName, text: append.text });
  });
  const entries = host.entries("tools.call.after");
  // Nobody can append: the patches are read (and dropped, audited as not granted) without waiting.
  if (!entries.some((entry) => host.grantsOf(entry.pluginName).includes("tools"))) return [];
  await dispatch;
  return appends
    .sort((a, b) => a.index - b.index)
    .map(({ pluginName, text }) => ({ pluginName, text }));
}

/** `brain.session.beforeSpawn`: every hook runs; the first non-empty persona wins. */
export async function firstPersona(
  host: LifecycleHost,
  payload: SessionBeforeSpawnPayload,
): Promise<HookPersona | undefined> {
  let winner: HookPersona | undefined;
  await emitGated(host, "brain.session.beforeSpawn", payload, (entry, patch) => {
    const persona = patch.persona;
    if (winner === undefined && typeof persona === "string" && persona.trim() !== "")
      winner = { pluginName: entry.pluginName, persona };
    return false;
  });
  return winner;
}

/** `brain.run.beforeSettle`: every hook runs; each honoured boundary patch, in order. */
export async function boundaryPatches(
  host: LifecycleHost,
  payload: RunBoundaryPayload,
): Promise<readonly RunBoundaryHookPatch[]> {
  const patches: RunBoundaryHookPatch[] = [];
  await emitGated(host, "brain.run.beforeSettle", payload, (entry, patch) => {
    if (patch.boundary !== undefined)
      patches.push({ pluginName: entry.pluginName, patch: patch.boundary as RunBoundaryPatch });
    return false;
  });
  return patches;
}
