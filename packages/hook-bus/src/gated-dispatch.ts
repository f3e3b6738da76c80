import type {
  RunBoundaryPatch,
  RunBoundaryPayload,
  SessionBeforeSpawnPayload,
  ToolCallBeforePayload,
} from "@elowen/plugin-api";
import { emitGated, type LifecycleHost } from "./lifecycle-dispatch.js";

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

/** `tools.call.before`: the first honoured `denyToolCall`; later hooks do not run. */
export async function firstDenial(
  host: LifecycleHost,
  payload: ToolCallBeforePayload,
): Promise<HookDenial | undefined> {
  let denial: HookDenial | undefined;
  await emitGated(host, "tools.call.before", payload, (entry, patch) => {
    const deny = patch.denyToolCall as { reason: string } | undefined;
    if (deny === undefined) return false;
    denial = { pluginName: entry.pluginName, reason: deny.reason };
    return true;
  });
  return denial;
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
