import {
  type AssistantEntryData,
  LIVE_OUTPUT_TAIL_CHARS,
  type ToolResultEntryData,
} from "@elowen/wire";
import type { AgentEvent } from "@mariozechner/pi-agent-core";
import type { AssistantMessage } from "@mariozechner/pi-ai";
import { storeResult } from "../context/stored-result.js";
import type { BrainHost } from "../host/brain-host.js";
import type { AuthoringNotes } from "./authoring-notes.js";
import type { ResultEntries } from "./result-entries.js";
import type { TurnJournal } from "./turn-journal.js";

/** What the writer of one agent run knows. */
export interface LiveWriterOptions {
  readonly host: BrainHost;
  readonly sessionId: string;
  readonly turnId: string;
  readonly agentId?: string;
  /** Where the run's entries are written (a response with no tool call may be held for the end). */
  readonly journal: TurnJournal;
  /** The step index of the response that starts next. */
  currentStep(): number;
  readonly authoring: AuthoringNotes;
  /** Where a direct call's committed result entry is recorded (trace settlement finds it there). */
  readonly results: ResultEntries;
  /**
   * Asked when a tool batch's last result is ready: true when the step-context reminders come
   * next, so the result may be held for their transaction.
   */
  stepContextNext(): boolean;
}

interface Streaming {
  readonly entryId: string;
  readonly step: number;
  readonly startedAt: number;
  readonly t0: number;
}

/**
 * Turns the agent loop's events into the journal and live events, in that order: a response is
 * announced with the id its entry will have, streams its pieces, and is committed when it ends; a
 * tool call is announced, streams its output tail, and its result is committed before
 * `tool_ended` says so. Every id a client sees live is the id it reads back from history.
 */
export class LiveWriter {
  readonly #o: LiveWriterOptions;
  #streaming: Streaming | undefined;
  #lastEntryId = "";
  readonly #tools = new Map<string, { startedAt: number; t0: number; entryId: string }>();
  /** Tool calls of the last response whose results are still to come. */
  #unfinished = 0;

  constructor(options: LiveWriterOptions) {
    this.#o = options;
  }

  /** The run's sub-agent id as a key to spread, or nothing for the turn's own run. */
  #agent(): { agentId?: string } {
    const { agentId } = this.#o;
    return agentId === undefined ? {} : { agentId };
  }

  #publish(type: string, data: object): void {
    const { turnId, agentId } = this.#o;
    const scoped = agentId === undefined ? { turnId, ...data } : { turnId, agentId, ...data };
    this.#o.host.events.publish(this.#o.sessionId, type, scoped);
  }

  /**
   * Handles one agent event. The loop awaits what it answers: a response's end and a tool's end
   * answer their journal write, so the journal is written before the loop goes on; every other
   * event is published at once and answers nothing to wait for.
   */
  handle(event: AgentEvent): Promise<void> | undefined {
    switch (event.type) {
      case "message_start":
        if (event.message.role === "assistant") this.#startMessage();
        return undefined;
      case "message_update":
        this.#update(event.assistantMessageEvent);
        // A long stream yields to the event loop now and then, so streams and requests move.
        return this.#o.host.events.yieldDue();
      case "message_end":
        return event.message.role === "assistant" ? this.#endMessage(event.message) : undefined;
      case "tool_execution_start":
        this.#startTool(event.toolCallId, event.toolName, event.args);
        return undefined;
      case "tool_execution_update":
        this.#toolUpdate(event.toolCallId, event.partialResult);
        return this.#o.host.events.yieldDue();
      case "tool_execution_end":
        return this.#endTool(event.toolCallId, event.toolName, event.result, event.isError);
      default:
        return undefined;
    }
  }

  #startMessage(): void {
    const { host } = this.#o;
    const streaming = {
      entryId: this.#o.host.ids.mint("e"),
      step: this.#o.currentStep(),
      startedAt: host.clock.now(),
      t0: host.clock.monotonic(),
    };
    this.#streaming = streaming;
    this.#publish("assistant_started", {
      entryId: streaming.entryId,
      step: streaming.step,
      model: host.model.status,
      startedAt: streaming.startedAt,
    });
  }

  #update(event: Extract<AgentEvent, { type: "message_update" }>["assistantMessageEvent"]): void {
    const streaming = this.#streaming;
    if (!streaming) return;
    if (event.type === "text_delta" || event.type === "thinking_delta") {
      this.#publish("assistant_delta", {
        entryId: streaming.entryId,
        block: event.contentIndex,
        kind: event.type === "text_delta" ? "text" : "thinking",
        text: event.delta,
      });
    } else if (event.type === "toolcall_delta") {
      const block = event.partial.content[event.contentIndex];
      if (block?.type !== "toolCall") return;
      const reason = this.#o.authoring.delta(block.id, block.name, event.delta);
      if (reason !== undefined)
        this.#publish("tool_authoring", {
          entryId: streaming.entryId,
          callId: block.id,
          name: block.name,
          reason,
        });
    }
  }

  #endMessage(message: AssistantMessage): Promise<void> | undefined {
    const { host } = this.#o;
    const streaming = this.#streaming ?? {
      entryId: this.#o.host.ids.mint("e"),
      step: this.#o.currentStep(),
      startedAt: host.clock.now(),
      t0: host.clock.monotonic(),
    };
    this.#streaming = undefined;
    for (const block of message.content)
      if (block.type === "toolCall") this.#o.authoring.end(block.id);
    const cut = message.stopReason === "error" || message.stopReason === "aborted";
    // A key first: on this V8, keys added after a leading spread take a slow path (~10x).
    const data: AssistantEntryData = {
      turnId: this.#o.turnId,
      ...this.#agent(),
      step: streaming.step,
      content: message.content,
      stopReason: message.stopReason,
      api: message.api,
      provider: message.provider,
      model: message.model,
      ...(host.model.status.offline ? { offline: true } : {}),
      usage: message.usage,
      ...(message.errorMessage === undefined ? {} : { errorMessage: message.errorMessage }),
      ...(cut ? { partial: true as const } : {}),
      ...(message.responseId === undefined ? {} : { responseId: message.responseId }),
      startedAt: streaming.startedAt,
      durationMs: host.clock.monotonic() - streaming.t0,
    };
    const entry = { id: streaming.entryId, kind: "assistant", data };
    // A response that calls no tool is the run's last: nothing refers to its entry until the
    // turn ends, so it may be committed with the turn_end (see TurnJournal).
    const calls = message.content.filter((block) => block.type === "toolCall").length;
    this.#lastEntryId = streaming.entryId;
    this.#unfinished = calls;
    if (calls === 0 && this.#o.journal.hold(entry)) return undefined;
    return this.#o.journal.append([entry]).then(() => undefined);
  }

  #startTool(callId: string, name: string, args: unknown): void {
    const { host } = this.#o;
    const started = {
      startedAt: host.clock.now(),
      t0: host.clock.monotonic(),
      entryId: this.#lastEntryId,
    };
    this.#tools.set(callId, started);
    this.#publish("tool_started", {
      entryId: started.entryId,
      callId,
      name,
      args,
      startedAt: started.startedAt,
    });
  }

  #toolUpdate(callId: string, partial: unknown): void {
    const content = (partial as { content?: unknown } | undefined)?.content;
    if (!Array.isArray(content)) return;
    const text = content
      .flatMap((b) => (b?.type === "text" && typeof b.text === "string" ? [b.text] : []))
      .join("\n");
    this.#publish("tool_updated", { callId, output: text.slice(-LIVE_OUTPUT_TAIL_CHARS) });
  }

  async #endTool(
    callId: string,
    toolName: string,
    result: unknown,
    isError: boolean,
  ): Promise<void> {
    const { host } = this.#o;
    const started = this.#tools.get(callId) ?? {
      startedAt: host.clock.now(),
      t0: host.clock.monotonic(),
      entryId: this.#lastEntryId,
    };
    this.#tools.delete(callId);
    const durationMs = host.clock.monotonic() - started.t0;
    const raw = (result ?? {}) as { content?: unknown; details?: unknown };
    const content = Array.isArray(raw.content) ? raw.content : [];
    const stored = await storeResult(host.store.blobs, content, raw.details);
    const data: ToolResultEntryData = {
      turnId: this.#o.turnId,
      ...this.#agent(),
      callId,
      toolName,
      content: stored.content,
      ...(stored.details === undefined ? {} : { details: stored.details }),
      isError,
      startedAt: started.startedAt,
      durationMs,
    };
    const entryId = this.#o.host.ids.mint("e");
    const entry = { id: entryId, kind: "tool_result", data, attachments: stored.attachments };
    const committed = () => {
      this.#o.results.record(callId, entryId);
      this.#publish("tool_ended", {
        callId,
        entryId,
        isError,
        startedAt: started.startedAt,
        durationMs,
      });
    };
    this.#unfinished = Math.max(0, this.#unfinished - 1);
    // The batch's last result, with the step-context reminders next: nothing else runs before
    // them, so it may wait for their transaction (the run lets it go before anything that waits).
    if (
      this.#unfinished === 0 &&
      this.#o.stepContextNext() &&
      this.#o.journal.holdResult(entry, committed)
    )
      return;
    await this.#o.journal.append([entry]);
    committed();
  }
}
