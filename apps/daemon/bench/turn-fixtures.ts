import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AgentMessage, AgentTool } from "@mariozechner/pi-agent-core";
import { runAgentLoop } from "@mariozechner/pi-agent-core";
import type { Context, Message, TSchema } from "@mariozechner/pi-ai";
import { fauxAssistantMessage, registerFauxProvider } from "@mariozechner/pi-ai";
import { type ElowenConfigInput, startHostedDaemon } from "../dist/internal.js";

/** Turns per session: each turn replays the ones before it, as a conversation does. */
export const PER_SESSION = 10;
const STEP_TOOL = { tools: [{ name: "Echo", args: { text: "hi" } }] };
const STEP_TEXT = { text: "Done: the echo answered." };
// The plugins live in a temporary directory, where `zod` does not resolve: they import ours.
const ZOD = import.meta.resolve("zod");

/**
 * `count` plugins, each registering a system prompt fragment, a turn-context provider, a
 * step-context provider and two observational hooks; the first also registers the Echo tool.
 */
function writePlugins(count: number, base: string): string[] {
  const dirs: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const dir = join(base, "plugins", `p${i}`);
    mkdirSync(dir, { recursive: true });
    const manifest = { entry: "index.js", core: "^0.30.0", sharedApi: 14 };
    const pkg = { name: `bench-p${i}`, version: "1.0.0", type: "module", elowen: manifest };
    writeFileSync(join(dir, "package.json"), JSON.stringify(pkg));
    const tool =
      i === 0
        ? `ctx.registerTool({ name: "Echo", description: "Echoes.", parameters: z.object({ text: z.string() }), execute: async ({ text }) => ({ content: [{ type: "text", text }] }) });`
        : "";
    writeFileSync(
      join(dir, "index.js"),
      `import { z } from ${JSON.stringify(ZOD)};
export default { register(ctx) {
  ctx.registerSystemPromptFragment("Plugin ${i} keeps notes in the ledger.", { name: "notes" });
  ctx.registerTurnContext(({ text }) => "Plugin ${i} context for " + text.length + " characters.", { name: "ctx" });
  ctx.registerStepContext(({ toolResults }) => "Plugin ${i}: " + toolResults + " results so far.");
  ctx.registerHook({ name: "tools.call.after", run: () => {} });
  ctx.registerHook({ name: "brain.session.afterSpawn", run: () => {} });
  ${tool}
} };`,
    );
    dirs.push(dir);
  }
  return dirs;
}

/** What the model read on one turn, split as a bare agent loop takes it. */
interface TurnInput {
  readonly systemPrompt: string;
  readonly tools: Context["tools"];
  readonly history: AgentMessage[];
  readonly prompt: AgentMessage;
  /** The step-context notes delivered after the tool result. */
  readonly notes: AgentMessage[];
}

function turnInput(context: Context): TurnInput {
  const messages = context.messages as AgentMessage[];
  const result = messages.findLastIndex((m) => m.role === "toolResult");
  if (result < 2) throw new Error("the captured request has no tool result");
  return {
    systemPrompt: context.systemPrompt ?? "",
    tools: context.tools,
    history: messages.slice(0, result - 2),
    prompt: messages[result - 2] as AgentMessage,
    notes: messages.slice(result + 1),
  };
}

/**
 * A daemon in `dir` on an ephemeral port with the offline model playing `script`, no daemon file
 * and no log, plus its owner's admin access for `brain.submit`.
 */
export async function benchDaemon(
  dir: string,
  script: string,
  config: Pick<ElowenConfigInput, "brain" | "plugins">,
) {
  const daemon = await startHostedDaemon({
    home: dir,
    env: {},
    log: () => {},
    writeDaemonFile: false,
    config: { server: { port: 0 }, model: { script }, ...config },
  });
  const { brain, store } = daemon.host;
  const owner = await store.accounts.owner();
  if (!owner) {
    await daemon.stop();
    throw new Error("no owner");
  }
  const access = {
    ...{ userId: owner.id, role: owner.role, isAdmin: true, isOwner: true },
    ...{ surface: "api" as const, allAccess: false, grants: [] },
  };
  return { daemon, brain, store, owner, access };
}

/**
 * A daemon with `count` plugins and the offline model playing one tool call and an answer per
 * turn, `turn(n)` measuring the n-th turn from submit to settle (a new session every
 * PER_SESSION turns). Its first session is captured: `inputs[k]` is what the model read on the
 * k-th turn of a session, for the bare peer to read the same.
 */
export async function hostScenario(home: string, count: number) {
  const dir = join(home, `with-${count}`);
  const script = join(dir, "script.yaml");
  mkdirSync(dir, { recursive: true });
  const steps = `  - steps: [${JSON.stringify(STEP_TOOL)}, ${JSON.stringify(STEP_TEXT)}]`;
  writeFileSync(script, `turns:\n${Array.from({ length: PER_SESSION }, () => steps).join("\n")}\n`);
  const { daemon, brain, store, owner, access } = await benchDaemon(dir, script, {
    brain: { stepContextInterval: 1, workspaceTools: false },
    plugins: { bundled: false, dirs: writePlugins(count, dir) },
  });
  let session = "";
  const turn = async (n: number): Promise<number> => {
    if (n % PER_SESSION === 0)
      session = (await store.sessions.create({ ownerId: owner.id, kind: "interactive" })).id;
    const started = performance.now();
    const outcome = await brain.submit({
      ...{ sessionId: session, text: "echo hi", origin: { kind: "composer" as const } },
      access,
    });
    if (outcome.status !== "accepted") throw new Error("dropped");
    const settled = await outcome.settled;
    if (settled?.reason !== "answer") throw new Error(`turn ended ${settled?.reason}`);
    return performance.now() - started;
  };
  const inputs: TurnInput[] = [];
  const stop = brain.onExchangeSettled((exchange) => {
    if (exchange.lastRequest) inputs.push(turnInput(exchange.lastRequest.context));
  });
  for (let n = 0; n < PER_SESSION; n += 1) await turn(n);
  stop();
  const first = inputs[0];
  const wanted = count * 2;
  const blocks = (first?.prompt as { content?: unknown } | undefined)?.content;
  const got = first && Array.isArray(blocks) ? first.notes.length + blocks.length - 1 : 0;
  if (got !== wanted)
    throw new Error(`${count} plugins should add ${wanted} context blocks; the model read ${got}`);
  return { daemon, store, turn, inputs, db: join(dir, "elowen.db") };
}

/**
 * The peer: pi-agent-core alone on the faux provider the offline model wraps (same piece size),
 * reading what the host's model read on the same turn of a session (system prompt, tools,
 * history, prompt, and the step-context notes after the tool result), with nothing around it.
 */
export function barePeer(inputs: readonly TurnInput[]) {
  const faux = registerFauxProvider({ tokenSize: { min: 4, max: 4 } });
  const model = faux.getModel();
  const toolsOf = (input: TurnInput): AgentTool[] =>
    (input.tools ?? []).map((tool) => ({
      ...tool,
      parameters: tool.parameters as TSchema,
      label: tool.name,
      execute: async (_id, args) => ({
        content: [{ type: "text", text: (args as { text: string }).text }],
        details: {},
      }),
    }));
  const turns = inputs.map((input) => ({ ...input, tools: toolsOf(input) }));
  const turn = async (n: number): Promise<number> => {
    const input = turns[n % PER_SESSION] as TurnInput & { tools: AgentTool[] };
    const { tools } = input;
    faux.appendResponses([
      fauxAssistantMessage(
        [
          {
            type: "toolCall",
            id: `offline-${n % PER_SESSION}-0-0`,
            name: "Echo",
            arguments: { text: "hi" },
          },
        ],
        { stopReason: "toolUse" },
      ),
      fauxAssistantMessage(STEP_TEXT.text),
    ]);
    let asked = 0;
    const started = performance.now();
    await runAgentLoop(
      [input.prompt],
      { systemPrompt: input.systemPrompt, messages: [...input.history], tools },
      {
        model,
        // As the host does, so that the faux provider's prompt-cache estimate runs on both sides.
        sessionId: `bare-${Math.floor(n / PER_SESSION)}`,
        convertToLlm: (messages) => messages as Message[],
        // Asked at the start and after each step: the notes come after the tool result.
        getSteeringMessages: async () => (asked++ === 1 ? input.notes : []),
      },
      () => {},
    );
    return performance.now() - started;
  };
  return { turn, close: () => faux.unregister() };
}
