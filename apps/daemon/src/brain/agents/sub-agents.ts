import type { AgentInfo } from "@elowen/plugin-api";
import { currentTurn } from "../../plugins/turn-scope.js";
import { NotInTurnError } from "../../plugins/turn-services.js";
import { mintId } from "../../store/ids.js";
import type { Brain } from "../brain.js";
import { turnController } from "../session/session-runtime.js";
import { runTurn } from "../turn/run-turn.js";

/** How deep sub-agents may spawn sub-agents (ours). */
export const MAX_AGENT_DEPTH = 4;

interface AgentRecord extends AgentInfo {
  readonly parentSessionId: string;
  readonly depth: number;
}

/**
 * Sub-agents (`$.agent.spawn`, `$.agent.list`): a child loop with its own `agentId` and its own
 * session (kind `subagent`, the parent's owner), whose turn raises `turn.*` with that id and runs
 * `brain.run.beforeSettle` in its own scope. It is not interactive (its questions expire at once,
 * its cards go nowhere) and is aborted with its parent's turn. The parent session hears `agent`
 * events; `spawn` resolves the child's answer.
 */
export class SubAgents {
  readonly #brain: Brain;
  readonly #agents = new Map<string, AgentRecord>();
  #ordinal = 0;

  constructor(brain: Brain) {
    this.#brain = brain;
  }

  async spawn(
    pluginName: string,
    args: { readonly prompt: string; readonly name?: string },
  ): Promise<{ readonly agentId: string; readonly answer: string }> {
    const scope = currentTurn();
    const parent = scope ? this.#brain.context.turns.get(scope.turnId) : undefined;
    if (!scope || !parent) throw new NotInTurnError("agent.spawn");
    if (typeof args?.prompt !== "string" || args.prompt.trim() === "")
      throw new TypeError("agent.spawn: prompt is a non-empty string");
    const depth = (parent.agentId ? (this.#agents.get(parent.agentId)?.depth ?? 0) : 0) + 1;
    if (depth > MAX_AGENT_DEPTH)
      throw new Error(`agent.spawn: sub-agents nest at most ${MAX_AGENT_DEPTH} deep`);
    const { host } = this.#brain.context;
    const session = await host.store.sessions.get(scope.sessionId);
    if (!session) throw new Error(`agent.spawn: no session ${scope.sessionId}`);
    const name = args.name ?? "agent";
    const child = await host.store.sessions.create({
      ownerId: session.ownerId,
      kind: "subagent",
      title: name,
    });
    const agentId = mintId("a");
    const record = {
      agentId,
      name,
      state: "running" as AgentInfo["state"],
      parentSessionId: scope.sessionId,
      depth,
    };
    this.#agents.set(agentId, record);
    const publish = (extra: object) =>
      host.events.publish(scope.sessionId, "agent", {
        agentId,
        name,
        sessionId: child.id,
        parentTurnId: parent.turnId,
        state: record.state,
        ...extra,
      });
    publish({});
    const controller = turnController();
    const stop = () => controller.abort();
    parent.controller.signal.addEventListener("abort", stop, { once: true });
    try {
      const settled = await runTurn(this.#brain.context, {
        sessionId: child.id,
        kind: "subagent",
        access: { ...parent.access, sessionId: child.id },
        origin: { kind: "plugin", name: pluginName },
        text: args.prompt,
        context: [],
        agentId,
        agentOrdinal: this.#ordinal++,
        controller,
      });
      record.state =
        settled.reason === "answer"
          ? "completed"
          : settled.reason === "aborted"
            ? "aborted"
            : "failed";
      publish({
        answer: settled.answer,
        ...(settled.usage === undefined ? {} : { usage: settled.usage }),
      });
      return { agentId, answer: settled.answer };
    } catch (error) {
      record.state = "failed";
      publish({});
      throw error;
    } finally {
      parent.controller.signal.removeEventListener("abort", stop);
    }
  }

  /** The sub-agents of the current turn's session. */
  list(): readonly AgentInfo[] {
    const scope = currentTurn();
    if (!scope) throw new NotInTurnError("agent.list");
    return [...this.#agents.values()]
      .filter((a) => a.parentSessionId === scope.sessionId)
      .map(({ agentId, name, state }) => ({ agentId, name, state }));
  }
}
