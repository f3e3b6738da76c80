import type { HookBus } from "@elowen/hook-bus";
import type { Access } from "@elowen/plugin-api/access";
import type { BrainCard } from "@elowen/plugin-api/cards";
import type { SessionKind } from "@elowen/plugin-api/hooks";
import type { TurnScope } from "../../plugins/call-scope/turn-scope.js";
import type { CallPermissions } from "../../plugins/registries/call-permissions.js";
import type { AskBroker } from "../interactive/ask-broker.js";

/**
 * What a tool call of one turn runs in: who acts, the session, the turn's abort signal, and the
 * host services a call may use. One per agent run; direct and nested calls share it.
 */
export interface ToolScope {
  readonly sessionId: string;
  readonly turnId: string;
  readonly agentId?: string;
  readonly kind: SessionKind;
  /** True only for an interactive prompt turn: questions, permission prompts and cards need one. */
  readonly interactive: boolean;
  readonly access: Access;
  readonly signal: AbortSignal;
  readonly hooks: HookBus;
  readonly asks: AskBroker;
  /** Tools the person allowed `always` in this session. */
  readonly alwaysAllowed: Set<string>;
  /** Hook permission decisions (`ask` / `allow`) per call, taken by the permission gate. */
  readonly callPermissions: Pick<CallPermissions, "take">;
  emitCard(card: BrainCard): void;
  /** Monotonic milliseconds, for durations. */
  monotonic(): number;
}

/** The plugin-call scope (`runInTurn`) of a tool scope: cards and questions act on its turn. */
export function turnScopeOf(scope: ToolScope): TurnScope {
  return {
    sessionId: scope.sessionId,
    turnId: scope.turnId,
    kind: scope.kind,
    interactive: scope.interactive,
    ...(scope.agentId === undefined ? {} : { agentId: scope.agentId }),
  };
}
