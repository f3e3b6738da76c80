import type { AgentInfo } from "@elowen/plugin-api";
import type { SessionUsage, UsageUnit } from "@elowen/plugin-api/events";
import type { BrainContext } from "../turn/brain-context.js";
import { sessionUsage } from "./session-usage.js";
import { SubAgents } from "./sub-agents.js";

/** The sub-agent and usage services, filled in by their own modules. */
export interface AgentServices {
  spawn(
    pluginName: string,
    args: { readonly prompt: string; readonly name?: string },
  ): Promise<{ readonly agentId: string; readonly answer: string }>;
  list(pluginName: string): Promise<readonly AgentInfo[]>;
  usage(pluginName: string, units?: readonly UsageUnit[]): Promise<SessionUsage>;
}

/** `ctx.agent.spawn`/`list` and `ctx.session.usage`, resolved against the current turn. */
export function agentServices(brain: BrainContext): AgentServices {
  const agents = new SubAgents(brain);
  return {
    spawn: (pluginName, args) => agents.spawn(pluginName, args),
    list: async () => agents.list(),
    usage: (_pluginName, units) => sessionUsage(brain, units),
  };
}
