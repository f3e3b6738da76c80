import { expiredAnswers, parseAskQuestions } from "@elowen/question-answer";
import { accountAccess } from "../plugins/call-scope/access-scope.js";
import { currentTurn } from "../plugins/call-scope/turn-scope.js";
import { NotInTurnError, type TurnServices } from "../plugins/context/turn-services.js";
import { StoreError } from "../store/store-error.js";
import type { AgentServices } from "./agents/agent-services.js";
import type { Brain } from "./brain.js";

/**
 * The turn-bound methods of every plugin's context (`ctx.askUser`, `ctx.prompt.*`, `ctx.agent.*`,
 * `ctx.session.usage`), resolved against the turn the call runs in. `askUser` parks an
 * interactive turn; in a cron or worker session it answers at once, every question `expired`.
 * The prompt box lives in the clients: `fill`, `read` and `suggest` run their chains over a host
 * that has no box.
 */
export function pluginTurnServices(brain: Brain, agents: AgentServices): TurnServices {
  const { host } = brain.context;
  const hooks = host.registry.hooks;
  return {
    async askUser(pluginName, questions) {
      const scope = currentTurn();
      const turn = scope ? brain.context.turns.get(scope.turnId) : undefined;
      if (!scope || !turn) throw new NotInTurnError("askUser");
      const parsed = parseAskQuestions(questions);
      if (!parsed.ok) throw new TypeError(`askUser: ${parsed.problem.message}`);
      if (!scope.interactive) return expiredAnswers(parsed.value);
      return brain.context.asks.ask(
        {
          sessionId: scope.sessionId,
          turnId: scope.turnId,
          ...(scope.agentId === undefined ? {} : { agentId: scope.agentId }),
          signal: turn.controller.signal,
        },
        pluginName,
        parsed.value,
      );
    },
    async promptSubmit(pluginName, args, options) {
      const sessionId = options?.sessionId ?? currentTurn()?.sessionId;
      if (sessionId === undefined) throw new NotInTurnError("prompt.submit");
      const session = await host.store.sessions.get(sessionId);
      const owner = session ? await host.store.accounts.get(session.ownerId) : undefined;
      if (!session || !owner)
        throw new StoreError("not_found", `prompt.submit: no session ${sessionId}`);
      const grants = (await host.store.grants.get(owner.id)).plugins;
      const origin = {
        kind: "plugin" as const,
        name: pluginName,
        ...(args.asUser ? { asUser: true as const } : {}),
      };
      const outcome = await brain.submit({
        sessionId,
        text: args.text,
        origin,
        access: accountAccess(owner, "internal", grants, { sessionId }),
      });
      return outcome.status === "dropped" ? { drop: outcome.reason } : { text: args.text, origin };
    },
    promptFill: async (pluginName, args) => {
      if (!currentTurn()) throw new NotInTurnError("prompt.fill");
      const result = await hooks.run(
        "prompt.fill",
        {
          text: args.text,
          mode: args.mode ?? "replace",
          origin: { kind: "plugin", name: pluginName },
        },
        () => ({ isFilled: false, refusal: "no_composer" as const }),
      );
      return {
        isFilled: false,
        ...(result.refusal === undefined ? {} : { refusal: result.refusal }),
        text: "",
        cursor: 0,
      };
    },
    promptRead: async () => {
      if (!currentTurn()) throw new NotInTurnError("prompt.read");
      return hooks.run("prompt.read", {}, () => ({ text: "", cursor: 0 }));
    },
    promptSuggest: async (pluginName, args) => {
      if (!currentTurn()) throw new NotInTurnError("prompt.suggest");
      return hooks.run(
        "prompt.suggest",
        { text: args.text, origin: { kind: "plugin", name: pluginName } },
        () => ({ isShown: false }),
      );
    },
    agentSpawn: (pluginName, args) => agents.spawn(pluginName, args),
    agentList: (pluginName) => agents.list(pluginName),
    sessionUsage: (pluginName, units) => agents.usage(pluginName, units),
  };
}
