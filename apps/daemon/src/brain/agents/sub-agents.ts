import type { AgentInfo } from "@elowen/plugin-api";
import { currentTurn } from "../../plugins/call-scope/turn-scope.js";
import { NotInTurnError } from "../../plugins/context/turn-services.js";
import { StoreError } from "../../store/store-error.js";
import { BRAIN_ERRORS, BrainError } from "../brain-error.js";
import type { AgentRecords } from "../session/agent-records.js";
import { turnController } from "../session/session-runtime.js";
import type { BrainContext } from "../turn/brain-context.js";
import { runTurn } from "../turn/run-turn.js";

/** How deep sub-agents may spawn sub-agents (ours). */
export const MAX_AGENT_DEPTH = 4;
/**
 * How many finished sub-agents `$.agent.list()` keeps listing per session (ours): past it the
 * oldest finished one is dropped; running ones are always listed.
 */
export const AGENTS_LISTED_PER_SESSION = 50;

/** Drops the oldest finished records past {@link AGENTS_LISTED_PER_SESSION}. */
function trim(records: AgentRecords): void {
  let finished = 0;
  for (const record of records.values()) if (record.state !== "running") finished += 1;
  for (const [agentId, record] of records) {
    if (finished <= AGENTS_LISTED_PER_SESSION) return;
    if (record.state === "running") continue;
    records.delete(agentId);
    finished -= 1;
  }
}

/**
 * Sub-agents (`$.agent.spawn`, `$.agent.list`): a child loop with its own `agentId` and its own
 * session (kind `subagent`, the parent's owner), whose turn raises `turn.*` with that id and runs
 * `brain.run.beforeSettle` in its own scope. It is not interactive (its questions expire at once,
 * its cards go nowhere) and is aborted with its parent's turn. The parent session hears `agent`
 * events; `spawn` resolves the child's answer. A session's records live with its in-memory state
 * (evicted with it, as after a restart), at most AGENTS_LISTED_PER_SESSION finished ones.
 */
export class SubAgents {
  readonly #brain: BrainContext;
  /** The depth of each running sub-agent, for the nesting limit of the agents it spawns. */
  readonly #depths = new Map<string, number>();
  #ordinal = 0;

  constructor(brain: BrainContext) {
    this.#brain = brain;
  }

  /** The spawning turn and the new agent's depth, or the refusal of a spawn from here. */
  #admit(args: { readonly prompt: string }) {
    const scope = currentTurn();
    const parent = scope ? this.#brain.turns.get(scope.turnId) : undefined;
    if (!scope || !parent) throw new NotInTurnError("agent.spawn");
    if (typeof args?.prompt !== "string" || args.prompt.trim() === "")
      throw new TypeError("agent.spawn: prompt is a non-empty string");
    const depth = (parent.agentId ? (this.#depths.get(parent.agentId) ?? 0) : 0) + 1;
    if (depth > MAX_AGENT_DEPTH)
      throw new BrainError({
        code: BRAIN_ERRORS.agentTooDeep,
        summary: `agent.spawn: sub-agents nest at most ${MAX_AGENT_DEPTH} deep`,
      });
    return { scope, parent, depth };
  }

  async spawn(
    pluginName: string,
    args: { readonly prompt: string; readonly name?: string },
  ): Promise<{ readonly agentId: string; readonly answer: string }> {
    const { scope, parent, depth } = this.#admit(args);
    const { host } = this.#brain;
    const session = await host.store.sessions.get(scope.sessionId);
    if (!session) throw new StoreError("not_found", `agent.spawn: no session ${scope.sessionId}`);
    const name = args.name ?? "agent";
    const child = await host.store.sessions.create({
      ownerId: session.ownerId,
      kind: "subagent",
      title: name,
    });
    const agentId = host.ids.mint("a");
    const record: { agentId: string; name: string; state: AgentInfo["state"] } = {
      agentId,
      name,
      state: "running",
    };
    // The parent turn holds its session's state in memory until the spawn returns.
    const records = this.#brain.runtime(scope.sessionId).agents;
    records.set(agentId, record);
    this.#depths.set(agentId, depth);
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
      const settled = await runTurn(this.#brain, {
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
      this.#depths.delete(agentId);
      trim(records);
    }
  }

  /** The sub-agents of the current turn's session. */
  list(): readonly AgentInfo[] {
    const scope = currentTurn();
    if (!scope) throw new NotInTurnError("agent.list");
    const records = this.#brain.runtime(scope.sessionId).agents;
    return [...records.values()].map(({ agentId, name, state }) => ({ agentId, name, state }));
  }
}
