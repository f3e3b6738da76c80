import type { Access } from "@elowen/plugin-api/access";
import type { SessionKind } from "@elowen/plugin-api/hooks";
import type { BrainContext } from "./brain-context.js";

/** Whom a session's persona is spawned for: its first turn's session, account and agent. */
export interface PersonaRequest {
  readonly sessionId: string;
  readonly kind: SessionKind;
  readonly access: Access;
  readonly agentId?: string;
}

/**
 * The session's persona: `brain.session.beforeSpawn` runs once per session in this daemon's
 * life, before its first turn (the first non-empty persona from a plugin granted
 * `mutates: ["prompt"]` wins), then `brain.session.afterSpawn` is told (without waiting). Later turns reuse it.
 */
export function spawnPersona(brain: BrainContext, start: PersonaRequest): Promise<string | null> {
  const runtime = brain.runtime(start.sessionId);
  runtime.persona ??= (async () => {
    const hooks = brain.host.registry.hooks;
    const payload = {
      sessionId: start.sessionId,
      userId: start.access.userId,
      kind: start.kind,
      ...(start.agentId === undefined ? {} : { agentId: start.agentId }),
    };
    const winner = await hooks.emitPersona(payload);
    // Observational: the turn does not wait for it.
    void hooks.emit("brain.session.afterSpawn", {
      ...payload,
      ...(winner === undefined ? {} : { persona: winner.persona }),
    });
    return winner?.persona ?? null;
  })();
  return runtime.persona;
}
