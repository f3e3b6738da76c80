import type { Access } from "@elowen/plugin-api/access";
import type { PromptOrigin } from "@elowen/plugin-api/events";
import type { SessionKind } from "@elowen/plugin-api/hooks";
import type { PluginFilter } from "@elowen/prompt-compose";
import { applyInputTransforms, renderTurnContext } from "@elowen/prompt-compose";
import type { UserEntryData } from "@elowen/wire";
import type { AgentMessage } from "@mariozechner/pi-agent-core";
import { isGranted } from "../../plugins/call-scope/grants.js";
import { forwardSlashCommand } from "../../plugins/commands/slash-forwarding.js";
import type { NewJournalEntry } from "../../store/types.js";
import { composeSystemPrompt } from "../context/compose-prompt.js";
import { turnContextEntry } from "../context/context-entries.js";
import { SUBMIT_CONTEXT_ENTRY, userContent } from "../context/replay.js";
import { conversationFor } from "../context/replay-cache.js";
import type { BrainHost } from "../host/brain-host.js";
import type { SessionRuntime } from "../session/session-runtime.js";
import { baseToolSurface } from "../tools/tool-surface.js";
import { AuthoringNotes, authoringSource } from "./authoring-notes.js";
import type { BrainContext, ComposedTools } from "./brain-context.js";
import { mentionBlocks } from "./mentions.js";
import { spawnPersona } from "./spawn-persona.js";
import { submitContextBlocks } from "./submit-context.js";
import { TurnJournal } from "./turn-journal.js";
import type { OpenedTurn, TurnPlan } from "./turn-plan.js";
import { startProgress, type TurnProgress } from "./turn-progress.js";

/** What a turn starts from: a submission that entered, or a sub-agent's prompt. */
export interface TurnStart {
  readonly sessionId: string;
  readonly kind: SessionKind;
  readonly access: Access;
  readonly origin: PromptOrigin;
  /** The text that entered (after `prompt.submit`). */
  readonly text: string;
  /** Blocks `prompt.submit` hooks attached for the model. */
  readonly context: readonly string[];
  readonly submissionId?: string;
  readonly agentId?: string;
  readonly agentOrdinal?: number;
  readonly controller: AbortController;
}

/** A prepared turn: its plan and progress, the replayed history, and the prompt the first run adds. */
export interface PreparedTurn {
  readonly plan: TurnPlan;
  readonly progress: TurnProgress;
  readonly history: AgentMessage[];
  readonly prompt: AgentMessage;
}

/**
 * Steps 1 to 4 of "A turn, as data", as named stages: input transforms, `turn.start` (mints the
 * turn id), the tool surface, the system prompt (persona from `brain.session.beforeSpawn`),
 * turn-context providers, then the commit: one transaction with the turn-context records and the
 * user message (the turn is opened in the ledger first, so a crash after it is found and marked).
 * Each stage returns a read-only plan, and the turn's plan is frozen from them; what the runs
 * change later lives in its progress.
 */
export async function prepareTurn(brain: BrainContext, start: TurnStart): Promise<PreparedTurn> {
  const setting = await turnSetting(brain, start);
  const input = await transformInput(setting, start);
  const { turn, persona } = await openTurn(brain, setting, start, input);
  brain.turns.set(turn.turnId, turn);
  const progress = startProgress(turnJournal(turn));
  const tools = await planTools(brain, setting, turn, progress);
  const prompt = await planSystemPrompt(setting, turn, tools, persona);
  const context = await planTurnContext(setting, start, turn, input.text, tools.workspace);
  const committed = await commitTurn(setting, start, turn, context);
  const plan: TurnPlan = Object.freeze({
    ...turn,
    tools: tools.tools,
    ...(tools.withdrawn === undefined ? {} : { withdrawnTools: tools.withdrawn }),
    authoring: tools.authoring,
    ...prompt,
    oldestContextTurn: committed.oldestContextTurn,
  });
  return { plan, progress, history: setting.conversation.history, prompt: committed.prompt };
}

/** Where a turn runs: the session's model, its grants and its replayed conversation. */
interface TurnSetting {
  readonly host: BrainHost;
  readonly filter: PluginFilter;
  readonly scope: {
    readonly sessionId: string;
    readonly userId: number | null;
    readonly signal: AbortSignal;
  };
  readonly runtime: SessionRuntime;
  readonly conversation: Awaited<ReturnType<typeof conversationFor>>;
}

async function turnSetting(brain: BrainContext, start: TurnStart): Promise<TurnSetting> {
  const { sessionId, access } = start;
  // The session's chosen model runs the whole turn: its steps, compaction and status events.
  const host = brain.host.sessionModel
    ? { ...brain.host, model: await brain.host.sessionModel(sessionId) }
    : brain.host;
  const { registry } = host;
  const filter = (plugin: string) => isGranted(access, plugin, registry.grantable.has(plugin));
  const scope = { sessionId, userId: access.userId, signal: start.controller.signal };
  // The session's own workspace skill folders are in the catalog before anything of the turn
  // reads it (the typed `/name` forwarding and input transforms come before the tools).
  await host.sessionWorkspaces?.enter(
    sessionId,
    (await host.store.sessions.get(sessionId))?.workspace ?? null,
  );
  const runtime = brain.runtime(sessionId);
  const conversation = await conversationFor(host, sessionId, runtime.replay);
  runtime.replay = undefined;
  return { host, filter, scope, runtime, conversation };
}

/** Stage 1, input transforms: the text the turn runs on. */
async function transformInput(
  { host, filter }: TurnSetting,
  start: TurnStart,
): Promise<{ readonly text: string }> {
  const { registry } = host;
  const { access } = start;
  // A sub-agent's prompt is a plugin's text, not a typed command line.
  const typed =
    start.agentId === undefined
      ? await forwardSlashCommand(registry.commands, start.text, access)
      : start.text;
  const transformed = await applyInputTransforms(
    registry.prompts.inputTransforms(filter),
    { text: typed, sessionId: start.sessionId, userId: access.userId, origin: start.origin },
    { signal: start.controller.signal },
  );
  for (const problem of transformed.problems) host.log(`input transform: ${problem.message}`);
  return { text: transformed.text };
}

/** Stage 2, turn start: `turn.start` with the minted turn id, then the session's persona. */
async function openTurn(
  brain: BrainContext,
  setting: TurnSetting,
  start: TurnStart,
  input: { readonly text: string },
): Promise<{ readonly turn: OpenedTurn; readonly persona: string | null }> {
  const { host, scope } = setting;
  const turnId = host.ids.mint("t");
  await host.registry.hooks.run(
    "turn.start",
    { text: input.text, turnId, ...agentOf(start) },
    () => ({ turnId }),
    scope,
  );
  const persona = await spawnPersona(brain, start);
  return { turn: openedTurn(brain, setting, start, turnId), persona };
}

function agentOf(start: TurnStart): { readonly agentId?: string } {
  return start.agentId === undefined ? {} : { agentId: start.agentId };
}

/** The opened turn: fixed before its tools and system prompt are known. */
function openedTurn(
  brain: BrainContext,
  { host, filter, runtime, conversation }: TurnSetting,
  start: TurnStart,
  turnId: string,
): OpenedTurn {
  const { sessionId, access } = start;
  const { registry } = host;
  const interactive = start.kind === "interactive";
  const agent = agentOf(start);
  return {
    host,
    sessionId,
    kind: start.kind,
    interactive,
    turnId,
    ...agent,
    ...(start.agentOrdinal === undefined ? {} : { agentOrdinal: start.agentOrdinal }),
    turnOrdinal: conversation.turns,
    access,
    origin: start.origin,
    ...(start.submissionId === undefined ? {} : { submissionId: start.submissionId }),
    controller: start.controller,
    startedAt: host.clock.now(),
    t0: host.clock.monotonic(),
    filter,
    toolScope: {
      sessionId,
      turnId,
      ...agent,
      kind: start.kind,
      interactive,
      access,
      signal: start.controller.signal,
      hooks: registry.hooks,
      asks: brain.asks,
      alwaysAllowed: runtime.alwaysAllowed,
      callPermissions: registry.callPermissions,
      emitCard: (card) => {
        if (interactive) void host.cards.emit(sessionId, card).catch(() => undefined);
      },
      monotonic: host.clock.monotonic,
    },
  };
}

/** The turn's journal writes after its start. */
function turnJournal({ host, sessionId }: OpenedTurn): TurnJournal {
  const { hooks } = host.registry;
  return new TurnJournal(
    { hooks, store: host.store, events: host.events, journal: host.journal },
    sessionId,
  );
}

/** What the tools stage decided: the model's surface, and the workspace the tools work in. */
interface ToolsPlan extends ComposedTools {
  readonly authoring: AuthoringNotes;
  readonly workspace: string | undefined;
}

/** Stage 3, tools: the surface the model is offered (code mode composes over it). */
async function planTools(
  brain: BrainContext,
  { host, filter }: TurnSetting,
  turn: OpenedTurn,
  progress: TurnProgress,
): Promise<ToolsPlan> {
  const hostTools = brain.hostTools(turn, progress);
  const base = await baseToolSurface(host, turn.sessionId, filter, hostTools, turn.access);
  const composed = await brain.composeTools(turn, progress, base.tools);
  const { tools } = composed;
  const authoring = new AuthoringNotes(
    (name) => authoringSource(tools.find((t) => t.name === name)),
    host.clock.monotonic,
  );
  return { ...composed, authoring, workspace: base.workspace };
}

/** Stage 4, system prompt: composed over the turn's tools, the persona and the workspace. */
async function planSystemPrompt(
  { host, filter, scope, runtime }: TurnSetting,
  turn: OpenedTurn,
  { tools, workspace }: ToolsPlan,
  persona: string | null,
): Promise<{ readonly systemPrompt: string; readonly systemCachePrefix: string }> {
  const { registry } = host;
  const composed = await composeSystemPrompt(
    {
      hooks: registry.hooks,
      registry,
      modelId: host.model.model.id,
      tools: tools.map((t) => t.name),
      access: turn.access,
      persona,
      filter,
      scope,
      ...(workspace === undefined ? {} : { workspace }),
      log: host.log,
    },
    runtime.systemPrompt,
  );
  // The session keeps what it was composed from: the next turn reuses it when nothing changed.
  runtime.systemPrompt = composed;
  return { systemPrompt: composed.text, systemCachePrefix: composed.cachePrefix };
}

/** What the turn's context stage hands the commit: blocks for the model and rendered records. */
interface TurnContextPlan {
  /** The text the turn runs on (after input transforms). */
  readonly text: string;
  /** Blocks `prompt.submit` hooks attached and the prompt's mentions, for the model. */
  readonly blocks: readonly string[];
  readonly records: Awaited<ReturnType<typeof renderTurnContext>>["records"];
}

/** Stage 5, turn context: attached and mentioned blocks, then the turn-context providers. */
async function planTurnContext(
  { host, filter, scope }: TurnSetting,
  start: TurnStart,
  turn: OpenedTurn,
  text: string,
  workspace: string | undefined,
): Promise<TurnContextPlan> {
  const { registry } = host;
  const blocks = [
    ...(await submitContextBlocks(registry.hooks, start.context, scope)),
    ...(await mentionBlocks(registry.hooks, text, workspace, scope, start.agentId)),
  ];
  const rendered = await renderTurnContext(
    registry.prompts.turnContextProviders(filter),
    {
      sessionId: turn.sessionId,
      turnId: turn.turnId,
      userId: turn.access.userId,
      text,
      surface: turn.access.surface,
      ...agentOf(start),
    },
    { clock: host.clock, signal: start.controller.signal },
  );
  for (const problem of rendered.problems) host.log(`turn context: ${problem.message}`);
  return { text, blocks, records: rendered.records };
}

/** What the commit leaves: the first run's prompt and the cold-clearing mark. */
interface CommittedTurn {
  readonly prompt: AgentMessage;
  readonly oldestContextTurn: number | null;
}

/**
 * Stage 6, commit: the turn-context records, the attached blocks and the user message in one
 * journal transaction that also opens the turn in the ledger; then `turn_started` is published.
 */
async function commitTurn(
  { host, conversation }: TurnSetting,
  start: TurnStart,
  turn: OpenedTurn,
  context: TurnContextPlan,
): Promise<CommittedTurn> {
  const { sessionId, turnId } = turn;
  const agent = agentOf(start);
  const submission = start.submissionId === undefined ? {} : { submissionId: start.submissionId };
  const modelText = framed(start, context.text);
  const user: UserEntryData = {
    turnId,
    ...submission,
    text: start.text,
    ...(modelText === start.text ? {} : { modelText }),
    origin: start.origin,
    ...agent,
  };
  const entries: NewJournalEntry[] = turnContextEntry(turnId, context.records);
  if (context.blocks.length > 0)
    entries.push({
      kind: "custom",
      customType: SUBMIT_CONTEXT_ENTRY,
      hidden: true,
      data: { turnId, blocks: context.blocks },
    });
  const userEntryId = host.ids.mint("e");
  entries.push({ id: userEntryId, kind: "user", data: user });
  await host.journal.append(sessionId, entries, {
    openTurn: { turnId, startedAt: turn.startedAt },
  });
  host.events.publish(sessionId, "turn_started", {
    turnId,
    ...agent,
    ...submission,
    origin: start.origin,
    userEntryId,
    startedAt: turn.startedAt,
    model: host.model.status,
  });
  const prompt: AgentMessage = {
    role: "user",
    content: userContent(modelText, context.records, context.blocks),
    timestamp: turn.startedAt,
  };
  const oldestContextTurn =
    context.records.length > 0
      ? (conversation.oldestContextTurn ?? turn.turnOrdinal)
      : conversation.oldestContextTurn;
  return { prompt, oldestContextTurn };
}

/**
 * What the model reads of a prompt: a plugin's prompt is framed under the plugin's name ("The
 * <name> plugin sent a message: ...") unless it was submitted as the person's own words (the
 * `PromptOrigin`); a sub-agent's prompt is read bare.
 */
function framed(start: TurnStart, text: string): string {
  const { origin } = start;
  if (origin.kind !== "plugin" || origin.asUser === true || start.agentId !== undefined)
    return text;
  return `The ${origin.name} plugin sent a message: ${text}`;
}
