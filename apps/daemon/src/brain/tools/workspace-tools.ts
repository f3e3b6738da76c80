import { constants } from "node:fs";
import { access, mkdir, open, readFile, writeFile } from "node:fs/promises";
import { imageTypeOf } from "@elowen/plugin-api/images";
import { errorMessage } from "@elowen/plugin-shared/errors";
import type { AgentTool } from "@mariozechner/pi-agent-core";
import { validateToolArguments } from "@mariozechner/pi-ai";
import type { BrainConfig } from "../../config/brain-config.js";
import { summarizeArguments, type ToolDef } from "./tool-def.js";
import { confine } from "./workspace-guard.js";

type CodingAgent = typeof import("@mariozechner/pi-coding-agent");
let codingAgent: Promise<CodingAgent> | undefined;
// The pi coding agent is a large module (seconds to load on a busy machine): the daemon warms it
// once it listens (warmWorkspaceTools), so that the first turn does not load it on its path.
const loadCodingAgent = () => {
  codingAgent ??= import("@mariozechner/pi-coding-agent");
  return codingAgent;
};

/**
 * Starts loading what the workspace tools need, off any request's path; resolves when loaded.
 * Never rejects: a failure shows again, with its message, when a turn offers the tools.
 */
export async function warmWorkspaceTools(): Promise<void> {
  await loadCodingAgent().then(
    () => undefined,
    () => undefined,
  );
}

async function imageType(path: string): Promise<string | undefined> {
  const handle = await open(path, "r");
  try {
    const head = Buffer.alloc(12);
    await handle.read(head, 0, 12, 0);
    return imageTypeOf(head);
  } finally {
    await handle.close();
  }
}

function fromAgentTool(
  tool: AgentTool,
  permission: ToolDef["permission"],
  reasonField?: string,
): ToolDef {
  return {
    name: tool.name,
    label: tool.label,
    description: tool.description,
    parameters: tool.parameters as unknown as Record<string, unknown>,
    owner: "core",
    permission,
    ...(reasonField === undefined ? {} : { reasonField }),
    check(args) {
      try {
        const value = validateToolArguments(tool, {
          type: "toolCall",
          id: "check",
          name: tool.name,
          arguments: (args ?? {}) as Record<string, unknown>,
        });
        return { ok: true, value };
      } catch (error) {
        return { ok: false, message: errorMessage(error) };
      }
    },
    summarize: (args) =>
      typeof (args as { command?: unknown })?.command === "string"
        ? (args as { command: string }).command.slice(0, 200)
        : summarizeArguments(args),
    async run(args, context) {
      const result = await tool.execute(
        context.toolCallId,
        args as never,
        context.signal,
        (partial) => context.onUpdate({ content: partial.content, details: partial.details }),
      );
      return { content: result.content, details: result.details ?? {} };
    },
  };
}

/**
 * The pi toolkit's read, write, edit and bash tools for one session, confined to its workspace:
 * every file the file tools touch is resolved inside the workspace (links followed; a path outside
 * is refused), and bash runs with the workspace as its working directory. Which ask the person
 * first, and which never run (`deny`), is the operator's (`brain.permissions`): by default reads run
 * and changes ask.
 */
export async function workspaceTools(
  workspace: string,
  permissions: BrainConfig["permissions"],
): Promise<ToolDef[]> {
  const pi = await loadCodingAgent();
  const guarded = (path: string) => confine(workspace, path);
  const read = pi.createReadTool(workspace, {
    operations: {
      readFile: async (path) => readFile(await guarded(path)),
      access: async (path) => access(await guarded(path), constants.R_OK),
      detectImageMimeType: async (path) => imageType(await guarded(path)),
    },
  });
  const write = pi.createWriteTool(workspace, {
    operations: {
      writeFile: async (path, content) => writeFile(await guarded(path), content),
      mkdir: async (dir) => {
        await mkdir(await guarded(dir), { recursive: true });
      },
    },
  });
  const edit = pi.createEditTool(workspace, {
    operations: {
      readFile: async (path) => readFile(await guarded(path)),
      writeFile: async (path, content) => writeFile(await guarded(path), content),
      access: async (path) => access(await guarded(path), constants.R_OK | constants.W_OK),
    },
  });
  const bash = pi.createBashTool(workspace);
  return [
    fromAgentTool(read as AgentTool, permissions.read),
    fromAgentTool(write as AgentTool, permissions.write),
    fromAgentTool(edit as AgentTool, permissions.edit),
    fromAgentTool(bash as AgentTool, permissions.bash),
  ];
}
