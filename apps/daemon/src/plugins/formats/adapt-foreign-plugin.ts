import type { ElowenPlugin, PluginContext } from "@elowen/plugin-api";
import { textResult } from "@elowen/plugin-api/tools";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { z } from "zod";
import type { ForeignAgent, ForeignPlugin } from "./foreign-plugin.js";

/** How many characters a sub-agent tool's name may have (TOOL_NAME_PATTERN's cap). */
const TOOL_NAME_MAX = 64;

/** What the adapter needs besides the plugin: where runtime diagnostics go, and its hooks. */
export interface AdaptOptions {
  /** Appended to when a part is refused at registration (a command name clash, a bad skill). */
  readonly diagnostics: string[];
  /** Registers the plugin's process hooks (see `registerProcessHooks`). */
  readonly registerHooks?: (ctx: PluginContext) => void;
}

/**
 * A Claude Code plugin or Agent Plugins package as an Elowen plugin: its commands as prompt
 * commands, its skills in the catalog, each agent as a `<plugin>__<agent>` tool that runs a
 * sub-agent with the agent's persona ahead of the task, and its hooks as process hooks. A part
 * the registries refuse (a command whose name another plugin has) becomes a diagnostic; the rest
 * of the plugin still loads.
 */
export function adaptForeignPlugin(foreign: ForeignPlugin, options: AdaptOptions): ElowenPlugin {
  const refuse = (what: string, error: unknown) =>
    options.diagnostics.push(`${what}: ${errorMessage(error)}; not registered`);
  return {
    register(ctx) {
      for (const command of foreign.commands) {
        try {
          ctx.registerCommand({
            kind: "prompt",
            name: command.name,
            description: command.description,
            prompt: command.prompt,
            ...(command.argumentHint === undefined ? {} : { argumentHint: command.argumentHint }),
          });
        } catch (error) {
          refuse(`command /${command.name}`, error);
        }
      }
      for (const skill of foreign.skills) {
        try {
          ctx.registerSkill({
            name: skill.name,
            description: skill.description,
            filePath: skill.filePath,
          });
        } catch (error) {
          refuse(`skill ${skill.name}`, error);
        }
      }
      for (const agent of foreign.agents) {
        try {
          ctx.registerTool(agentTool(ctx, foreign.name, agent));
        } catch (error) {
          refuse(`agent ${agent.name}`, error);
        }
      }
      options.registerHooks?.(ctx);
    },
  };
}

/** The tool name of a plugin's agent: `<plugin>__<agent>`, cut to TOOL_NAME_MAX characters. */
export function agentToolName(plugin: string, agent: string): string {
  const name = `${plugin}__${agent}`.replace(/[^A-Za-z0-9_-]/g, "-");
  return (/^[A-Za-z]/.test(name) ? name : `a${name}`).slice(0, TOOL_NAME_MAX);
}

function agentTool(ctx: PluginContext, plugin: string, agent: ForeignAgent) {
  return {
    name: agentToolName(plugin, agent.name),
    label: agent.name,
    description: `Runs the ${agent.name} sub-agent: ${agent.description}`.slice(0, 1024),
    parameters: z.object({ task: z.string().min(1).describe("What the sub-agent should do") }),
    // The model hands a task to an agent by name, as Claude Code's Task tool does, code mode or not.
    direct: true,
    async execute({ task }: { task: string }) {
      const prompt = `${agent.persona}\n\n---\n\n${task}`;
      const { answer } = await ctx.agent.spawn({ prompt, name: agent.name });
      return textResult(answer);
    },
  };
}
