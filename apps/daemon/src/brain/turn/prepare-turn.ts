import type { Access } from "@elowen/plugin-api/access";
import type { PromptOrigin } from "@elowen/plugin-api/events";
import type { SessionKind } from "@elowen/plugin-api/hooks";
import { applyInputTransforms, renderTurnContext } from "@elowen/prompt-compose";
import type { UserEntryData } from "@elowen/wire";
import type { AgentMessage } from "@mariozechner/pi-agent-core";
import { isGranted } from "../../plugins/call-scope/grants.js";
import { forwardSlashCommand } from "../../plugins/commands/slash-forwarding.js";
import { mintId } from "../../store/ids.js";
import type { NewJournalEntry } from "../../store/types.js";
import type { BrainContext } from "../brain-context.js";
import { conversationFor } from "../context/replay-cache.js";
import { spawnPersona } from "../session/spawn.js";
import { baseToolSurface } from "../tools/tool-surface.js";
import { AuthoringNotes, authoringSource } from "./authoring-notes.js";
import { composeSystemPrompt } from "./compose-prompt.js";
import { turnContextEntry } from "./context-entries.js";
import { mentionBlocks } from "./mentions.js";
import { SUBMIT_CONTEXT_ENTRY, userContent } from "./replay.js";
import { submitContextBlocks } from "./submit-context.js";
import { TurnJournal } from "./turn-journal.js";
import type { TurnState } from "./turn-state.js";

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

/** A prepared turn: its state, the replayed history, and the prompt the first run adds. */
export interface PreparedTurn {
  readonly turn: TurnState;
  readonly history: AgentMessage[];
  readonly prompt: AgentMessage;
}

/**
 * Steps 1 to 4 of "A turn, as data": input transforms, `turn.start` (mints the turn id), the
 * tool surface and the system prompt (persona from `brain.session.beforeSpawn`), turn-context
 * providers, then one transaction with the turn-context records and the user message (the turn
 * is opened in the ledger first, so a crash after it is found and marked).
 */
export async function prepareTurn(brain: BrainContext, start: TurnStart): Promise<PreparedTurn> {
  const { sessionId, access } = start;
  // The session's chosen model runs the whole turn: its steps, compaction and status events.
  const host = brain.host.sessionModel
    ? { ...brain.host, model: await brain.host.sessionModel(sessionId) }
    : brain.host;
  const { registry } = host;
  const interactive = start.kind === "interactive";
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
  // A sub-agent's prompt is a plugin's text, not a typed command line.
  const typed =
    start.agentId === undefined
      ? await forwardSlashCommand(registry.commands, start.text, access)
      : start.text;
  const transformed = await applyInputTransforms(
    registry.prompts.inputTransforms(filter),
    { text: typed, sessionId, userId: access.userId, origin: start.origin },
    { signal: start.controller.signal },
  );
  for (const problem of transformed.problems) host.log(`input transform: ${problem.message}`);
  const turnId = mintId("t");
  const agent = start.agentId === undefined ? {} : { agentId: start.agentId };
  await registry.hooks.run(
    "turn.start",
    { text: transformed.text, turnId, ...agent },
    () => ({ turnId }),
    scope,
  );
  const persona = await spawnPersona(brain, start);
  const turn: TurnState = {
    host,
    sessionId,
    kind: start.kind,
    interactive,
    turnId,
    ...agent,
    ...(start.agentOrdinal === undefined ? {} : { agentOrdinal: start.agentOrdinal }),
    turnOrdinal: conversation.turns,
    oldestContextTurn: conversation.oldestContextTurn,
    access,
    origin: start.origin,
    ...(start.submissionId === undefined ? {} : { submissionId: start.submissionId }),
    controller: start.controller,
    startedAt: host.clock.now(),
    t0: host.clock.monotonic(),
    filter,
    steps: 0,
    usages: [],
    toolResults: 0,
    lastToolName: "",
    systemPrompt: "",
    tools: [],
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
    authoring: new AuthoringNotes(() => undefined, host.clock.monotonic),
    journal: new TurnJournal(
      { hooks: registry.hooks, store: host.store, events: host.events, journal: host.journal },
      sessionId,
    ),
    resultEntries: new Map(),
    journalListeners: new Set(),
    cleanups: [],
  };
  brain.turns.set(turnId, turn);
  const base = await baseToolSurface(host, sessionId, filter, brain.hostTools(turn), access);
  turn.tools = await brain.composeTools(turn, base.tools);
  turn.authoring = new AuthoringNotes(
    (name) => authoringSource(turn.tools.find((t) => t.name === name)),
    host.clock.monotonic,
  );
  const composed = await composeSystemPrompt(
    {
      hooks: registry.hooks,
      registry,
      modelId: host.model.model.id,
      tools: turn.tools.map((t) => t.name),
      access,
      persona,
      filter,
      scope,
      ...(base.workspace === undefined ? {} : { workspace: base.workspace }),
      log: host.log,
    },
    runtime.systemPrompt,
  );
  runtime.systemPrompt = composed;
  turn.systemPrompt = composed.text;
  turn.systemCachePrefix = composed.cachePrefix;
  const context = [
    ...(await submitContextBlocks(registry.hooks, start.context, scope)),
    ...(await mentionBlocks(
      registry.hooks,
      transformed.text,
      base.workspace,
      scope,
      start.agentId,
    )),
  ];
  const rendered = await renderTurnContext(
    registry.prompts.turnContextProviders(filter),
    {
      sessionId,
      turnId,
      userId: access.userId,
      text: transformed.text,
      surface: access.surface,
      ...agent,
    },
    { clock: host.clock, signal: start.controller.signal },
  );
  for (const problem of rendered.problems) host.log(`turn context: ${problem.message}`);
  const modelText = framed(start, transformed.text);
  const user: UserEntryData = {
    turnId,
    ...(start.submissionId === undefined ? {} : { submissionId: start.submissionId }),
    text: start.text,
    ...(modelText === start.text ? {} : { modelText }),
    origin: start.origin,
    ...agent,
  };
  const entries: NewJournalEntry[] = turnContextEntry(turnId, rendered.records);
  if (context.length > 0)
    entries.push({
      kind: "custom",
      customType: SUBMIT_CONTEXT_ENTRY,
      hidden: true,
      data: { turnId, blocks: context },
    });
  if (rendered.records.length > 0) turn.oldestContextTurn ??= turn.turnOrdinal;
  const userEntryId = mintId("e");
  entries.push({ id: userEntryId, kind: "user", data: user });
  await host.journal.append(sessionId, entries, {
    openTurn: { turnId, startedAt: turn.startedAt },
  });
  host.events.publish(sessionId, "turn_started", {
    turnId,
    ...agent,
    ...(start.submissionId === undefined ? {} : { submissionId: start.submissionId }),
    origin: start.origin,
    userEntryId,
    startedAt: turn.startedAt,
    model: host.model.status,
  });
  const prompt: AgentMessage = {
    role: "user",
    content: userContent(modelText, rendered.records, context),
    timestamp: turn.startedAt,
  };
  return { turn, history: conversation.history, prompt };
}

/**
 * What the model reads of a prompt: a plugin's prompt is framed under the plugin's name ("The
 * <name> plugin sent a message: ...") unless it was submitted as the person's own words (seed 004,
 * PromptOrigin); a sub-agent's prompt is read bare.
 */
function framed(start: TurnStart, text: string): string {
  const { origin } = start;
  if (origin.kind !== "plugin" || origin.asUser === true || start.agentId !== undefined)
    return text;
  return `The ${origin.name} plugin sent a message: ${text}`;
}
