import type { Brain } from "../brain.js";
import type { AgentServices } from "../plugin-services.js";
import { sessionUsage } from "./session-usage.js";
import { SubAgents } from "./sub-agents.js";

/** `ctx.agent.spawn`/`list` and `ctx.session.usage`, resolved against the current turn. */
export function agentServices(brain: Brain): AgentServices {
  const agents = new SubAgents(brain);
  return {
    spawn: (pluginName, args) => agents.spawn(pluginName, args),
    list: async () => agents.list(),
    usage: (_pluginName, units) => sessionUsage(brain, units),
  };
}
