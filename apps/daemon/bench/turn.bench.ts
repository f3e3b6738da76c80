import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { record, summarize } from "@elowen/bench";
import { runAgentLoop } from "@mariozechner/pi-agent-core";
import { fauxAssistantMessage, registerFauxProvider, Type } from "@mariozechner/pi-ai";
import { startDaemon } from "../dist/index.js";

// Host overhead per turn, submit to settle, with the offline model (no model latency) and 20
// plugins each registering a fragment, a turn-context provider, a step-context provider and
// observational hooks; against pi-agent-core running the same scripted turn (one tool call, then
// an answer) with no host around it. Journal growth per turn in bytes.
const TURNS = 400;
const WARMUP = 40;
const PER_SESSION = 10;
const home = mkdtempSync(join(tmpdir(), "elowen-turn-bench-"));

function plugins(count: number, base: string): string[] {
  const dirs: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const dir = join(base, "plugins", `p${i}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, "package.json"),
      JSON.stringify({
        name: `bench-p${i}`,
        version: "1.0.0",
        type: "module",
        elowen: { entry: "index.js", core: "^0.30.0", sharedApi: 14 },
      }),
    );
    const tool =
      i === 0
        ? `ctx.registerTool({ name: "Echo", description: "Echoes.", parameters: z.object({ text: z.string() }), execute: async ({ text }) => ({ content: [{ type: "text", text }] }) });`
        : "";
    writeFileSync(
      join(dir, "index.js"),
      `import { z } from "zod";
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

const STEP_TOOL = { tools: [{ name: "Echo", args: { text: "hi" } }] };
const STEP_TEXT = { text: "Done: the echo answered." };
const script = join(home, "script.yaml");
writeFileSync(
  script,
  `turns:\n${Array.from({ length: PER_SESSION }, () => `  - steps: [${JSON.stringify(STEP_TOOL)}, ${JSON.stringify(STEP_TEXT)}]`).join("\n")}\n`,
);

async function scenario(count: number) {
  const dir = join(home, `with-${count}`);
  const daemon = await startDaemon({
    home: dir,
    env: {},
    log: () => {},
    writeDaemonFile: false,
    config: {
      server: { port: 0 },
      model: { script },
      brain: { stepContextInterval: 1, workspaceTools: false },
      plugins: { bundled: false, dirs: plugins(count, dir) },
    },
  });
  const { brain, store } = daemon.host;
  const owner = await store.accounts.owner();
  if (!owner) throw new Error("no owner");
  const access = {
    userId: owner.id,
    role: owner.role,
    isAdmin: true,
    isOwner: true,
    surface: "api" as const,
    allAccess: false,
    grants: [],
  };
  let session = "";
  const turn = async (n: number): Promise<number> => {
    if (n % PER_SESSION === 0)
      session = (await store.sessions.create({ ownerId: owner.id, kind: "interactive" })).id;
    const started = performance.now();
    const outcome = await brain.submit({
      sessionId: session,
      text: "echo hi",
      origin: { kind: "composer" },
      access,
    });
    if (outcome.status !== "accepted") throw new Error("dropped");
    const settled = await outcome.settled;
    if (settled?.reason !== "answer") throw new Error(`turn ended ${settled?.reason}`);
    return performance.now() - started;
  };
  return { daemon, store, turn, db: join(dir, "elowen.db") };
}

// The peer: the same turn on pi-agent-core alone, with the faux provider underneath.
const faux = registerFauxProvider({ tokenSize: { min: 4, max: 4 } });
const echo = {
  name: "Echo",
  label: "Echo",
  description: "Echoes.",
  parameters: Type.Object({ text: Type.String() }),
  execute: async (_id: string, args: unknown) => ({
    content: [{ type: "text" as const, text: (args as { text: string }).text }],
    details: {},
  }),
};
async function bareTurn(): Promise<number> {
  faux.appendResponses([
    fauxAssistantMessage(
      [{ type: "toolCall", id: "call-1", name: "Echo", arguments: { text: "hi" } }],
      {
        stopReason: "toolUse",
      },
    ),
    fauxAssistantMessage(STEP_TEXT.text),
  ]);
  const started = performance.now();
  await runAgentLoop(
    [{ role: "user", content: "echo hi", timestamp: Date.now() }],
    { systemPrompt: "You are a bench.", messages: [], tools: [echo] },
    { model: faux.getModel(), convertToLlm: (m) => m as never },
    () => {},
  );
  return performance.now() - started;
}

const full = await scenario(20);
const lean = await scenario(1);
try {
  for (let i = 0; i < WARMUP; i += 1) {
    await full.turn(i);
    await lean.turn(i);
    await bareTurn();
  }
  const ours: number[] = [];
  const one: number[] = [];
  const peer: number[] = [];
  await full.store.checkpoint();
  const before = statSync(full.db).size;
  for (let i = 0; i < TURNS; i += 1) {
    ours.push(await full.turn(WARMUP + i));
    one.push(await lean.turn(WARMUP + i));
    peer.push(await bareTurn());
  }
  await full.store.checkpoint();
  const growth = (statSync(full.db).size - before) / TURNS;
  const o = summarize(ours);
  const l = summarize(one);
  const p = summarize(peer);
  const ms = (n: number) => Number(n.toFixed(3));
  record({
    name: "turn submit to settle, 20 plugins, offline model",
    unit: "ms",
    value: ms(o.p50),
    p99: ms(o.p99),
    peer: "pi-agent-core runAgentLoop, same scripted turn, no host",
    peerValue: ms(p.p50),
    ratio: ms(o.p50 / p.p50),
    target: "p50 < 5 ms, p99 < 20 ms, ratio <= 3",
  });
  console.log(`  p99 ${ms(o.p99)} ms (target < 20 ms)`);
  record({
    name: "turn submit to settle, 1 plugin (the tool's), offline model",
    unit: "ms",
    value: ms(l.p50),
    p99: ms(l.p99),
    peer: "pi-agent-core runAgentLoop, same scripted turn, no host",
    peerValue: ms(p.p50),
    ratio: ms(l.p50 / p.p50),
  });
  console.log(`  p99 ${ms(l.p99)} ms`);
  record({
    name: "journal growth per turn, 20 plugins (one tool call and an answer)",
    unit: "bytes/turn",
    value: Math.round(growth),
  });
} finally {
  faux.unregister();
  await full.daemon.stop();
  await lean.daemon.stop();
  rmSync(home, { recursive: true, force: true });
}
