import type { RunOutcome } from "@elowen/plugin-api/run-boundary";
import { isStepContextDue, renderStepContextNow } from "@elowen/prompt-compose";
import {
  type AgentLoopConfig,
  type AgentMessage,
  runAgentLoop,
  runAgentLoopContinue,
} from "@mariozechner/pi-agent-core";
import type { AssistantMessage, Message } from "@mariozechner/pi-ai";
import { stepContextEntry } from "../context/context-entries.js";
import { noteMessage } from "../context/replay.js";
import { captureRequest } from "../model/captured-request.js";
import { turnUsageOf } from "../model/usage.js";
import { agentTools } from "../tools/agent-tools.js";
import { LiveWriter } from "./live-writer.js";
import { stepStreamFn } from "./step-stream.js";
import type { TurnPlan } from "./turn-plan.js";
import type { TurnProgress } from "./turn-progress.js";

/** How one agent run ended, and the context it leaves for a continuation. */
export interface AgentRunResult {
  readonly messages: AgentMessage[];
  readonly outcome: RunOutcome;
  readonly last: AssistantMessage | undefined;
}

function outcomeOf(last: AssistantMessage | undefined): RunOutcome {
  if (!last) return "error";
  if (last.stopReason === "aborted") return "aborted";
  if (last.stopReason === "error") return "error";
  return "completed";
}

/**
 * One agent run on pi-agent-core: `prompts` are added to `messages` (none: a continuation of the
 * context as it stands). Requests go through `turn.step`, tool calls through the gated path,
 * events to the journal and clients; step context is asked for at the configured interval of
 * tool results and stored before the model reads it; the run stops at the step ceiling.
 */
export async function runAgent(
  plan: TurnPlan,
  progress: TurnProgress,
  messages: AgentMessage[],
  prompts: AgentMessage[],
): Promise<AgentRunResult> {
  const errors = new Map<string, boolean>();
  const stepContext = stepContextClock(plan, progress);
  const config = loopConfig(plan, progress, errors, stepContext);
  const streamFn = turnStreamFn(plan, progress);
  const emit = eventSink(plan, progress, liveWriter(plan, progress, stepContext));
  // A copy: a continuation run appends to the context's own array (pi-agent-core does not copy it).
  const context = {
    systemPrompt: plan.systemPrompt,
    messages: [...messages],
    tools: agentTools(plan.toolScope, plan.tools, errors),
  };
  const { signal } = plan.controller;
  const added =
    prompts.length > 0
      ? await runAgentLoop(prompts, context, config, emit, signal, streamFn)
      : await runAgentLoopContinue(context, config, emit, signal, streamFn);
  const all = [...messages, ...added];
  const last = [...added].reverse().find((m): m is AssistantMessage => m.role === "assistant");
  return { messages: all, outcome: outcomeOf(last), last };
}

/** When step context is next due: after each interval-th tool result since it was last asked. */
interface StepContextClock {
  due(): boolean;
  /** Marks it asked for at the results so far. */
  asked(): void;
}

function stepContextClock(plan: TurnPlan, progress: TurnProgress): StepContextClock {
  const interval = plan.host.config.stepContextInterval;
  let last = progress.toolResults;
  return {
    due: () => {
      for (let n = last + 1; n <= progress.toolResults; n += 1)
        if (isStepContextDue(n, interval)) return true;
      return false;
    },
    asked: () => {
      last = progress.toolResults;
    },
  };
}

/** The run's journal and live-event writer. */
function liveWriter(plan: TurnPlan, progress: TurnProgress, clock: StepContextClock): LiveWriter {
  return new LiveWriter({
    host: plan.host,
    sessionId: plan.sessionId,
    turnId: plan.turnId,
    ...(plan.agentId === undefined ? {} : { agentId: plan.agentId }),
    journal: progress.journal,
    currentStep: () => Math.max(0, progress.steps - 1),
    authoring: plan.authoring,
    results: progress.results,
    stepContextNext: clock.due,
  });
}

/** The loop's configuration for one run: the model, the step ceiling, step context, tool errors. */
function loopConfig(
  plan: TurnPlan,
  progress: TurnProgress,
  errors: ReadonlyMap<string, boolean>,
  stepContext: StepContextClock,
): AgentLoopConfig {
  const { host } = plan;
  const turn = plan;
  const runStart = progress.steps;
  return {
    model: host.model.model,
    ...(host.model.reasoning === undefined ? {} : { reasoning: host.model.reasoning }),
    sessionId: turn.sessionId,
    convertToLlm: (all) => all as Message[],
    afterToolCall: async ({ toolCall }) => {
      const isError = errors.get(toolCall.id);
      return isError === undefined ? undefined : { isError };
    },
    // An aborted turn makes no further request; the step ceiling ends a run.
    shouldStopAfterTurn: () => {
      if (turn.controller.signal.aborted) return true;
      if (progress.steps - runStart < host.config.maxSteps) return false;
      host.events.publish(turn.sessionId, "notice", {
        level: "warning",
        text: `The run stopped after ${host.config.maxSteps} model requests (brain.maxSteps).`,
        turnId: turn.turnId,
      });
      return true;
    },
    // Asked after every step: a batch's last result held for the reminders is written by now.
    getSteeringMessages: () => {
      const due = stepContext.due();
      stepContext.asked();
      if (due) return renderStepContext(plan, progress);
      return progress.journal.releaseResult()?.then(() => []) ?? Promise.resolve([]);
    },
  };
}

/** The model stream of the turn's steps: `turn.step`, usage, and the captured request. */
function turnStreamFn(turn: TurnPlan, progress: TurnProgress): ReturnType<typeof stepStreamFn> {
  const { host } = turn;
  const scope = {
    sessionId: turn.sessionId,
    userId: turn.access.userId,
    signal: turn.controller.signal,
  };
  return stepStreamFn({
    hooks: host.registry.hooks,
    runtime: host.model,
    turnId: turn.turnId,
    ...(turn.agentId === undefined ? {} : { agentId: turn.agentId }),
    scope,
    nextStep: () => progress.steps++,
    request: (step) => ({
      sessionId: turn.sessionId,
      turnOrdinal: turn.turnOrdinal,
      step,
      purpose: turn.agentId === undefined ? "turn" : "agent",
      ...(turn.agentOrdinal === undefined ? {} : { agentOrdinal: turn.agentOrdinal }),
      ...(turn.systemCachePrefix ? { systemPrefix: turn.systemCachePrefix } : {}),
    }),
    onEngineMessage: (message) =>
      progress.usages.push(turnUsageOf(message.usage, message.responseModel ?? message.model)),
    prepareRequest: (model, context, options) => {
      const request = captureRequest(
        model,
        context,
        options,
        host.clock.now(),
        host.requests,
        turn.systemCachePrefix,
      );
      progress.lastRequest = request.captured;
      return request.options;
    },
  });
}

/** What the agent loop's events do to the turn: counters, the live writer, the last answer. */
function eventSink(
  turn: TurnPlan,
  progress: TurnProgress,
  writer: LiveWriter,
): (event: Parameters<LiveWriter["handle"]>[0]) => Promise<void> | undefined {
  const { host } = turn;
  // Most events are published at once; the loop waits only for the ones the journal writes.
  return (event: Parameters<LiveWriter["handle"]>[0]): Promise<void> | undefined => {
    if (event.type === "tool_execution_end") {
      progress.toolResults += 1;
      progress.lastToolName = event.toolName;
      if (event.isError && !turn.tools.some((t) => t.name === event.toolName))
        host.log(notOfferedReason(turn, event.toolName));
    }
    const written = writer.handle(event);
    if (event.type !== "message_end" || event.message.role !== "assistant") return written;
    const last = event.message;
    const recorded = (): undefined => {
      progress.lastAssistant = last;
      return undefined;
    };
    return written === undefined ? recorded() : written.then(recorded);
  };
}

/**
 * Asks the step-context providers and stores their reminders before the model reads them, in one
 * transaction with the batch's last result when every provider answered at once (nothing else
 * ran since the result was held); when one answers later, the result is written first.
 */
async function renderStepContext(turn: TurnPlan, progress: TurnProgress): Promise<AgentMessage[]> {
  const { host } = turn;
  const { journal } = progress;
  let render = renderStepContextNow(
    host.registry.prompts.stepContextProviders(turn.filter),
    {
      sessionId: turn.sessionId,
      turnId: turn.turnId,
      userId: turn.access.userId,
      toolResults: progress.toolResults,
      lastToolName: progress.lastToolName,
      ...(turn.agentId === undefined ? {} : { agentId: turn.agentId }),
    },
    { clock: host.clock, signal: turn.controller.signal },
  );
  if (render instanceof Promise) {
    await journal.releaseResult();
    render = await render;
  }
  const { records, problems } = render;
  for (const problem of problems) host.log(`step context: ${problem.message}`);
  if (records.length === 0) {
    await journal.releaseResult();
    return [];
  }
  await journal.append(stepContextEntry(turn.turnId, progress.toolResults, records));
  return records.map((record) => noteMessage(record.text, record.at));
}

/** The log line for a model call of a tool the turn does not offer (pi answers "not found"). */
function notOfferedReason(turn: TurnPlan, name: string): string {
  const why =
    turn.withdrawnTools?.get(name) ??
    "no loaded plugin registers a tool of that name for this session";
  return `the model called ${name}, which this turn does not offer: ${why}`;
}
