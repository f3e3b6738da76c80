import { toolActivityLabel, toolRowReason } from "@elowen/tool-trace";
import type { LiveModel, SessionState, TypedSessionEvent } from "@elowen/wire";

interface RunningTurn {
  readonly turnId: string;
  readonly startedAt: number;
}

/**
 * What the running turn is doing, for the spinner's label: the authoring reason of a tool call
 * being written (else the tool's localized label, "Running tools…" for exec), the running tool,
 * the model thinking or answering. Folded from the same live events as the transcript.
 */
export class TurnActivity {
  #running: RunningTurn | undefined;
  #model: LiveModel | undefined;
  readonly #authoring = new Map<string, { name: string; reason: string }>();
  readonly #tools = new Map<string, { name: string; args: unknown }>();
  #streaming: "text" | "thinking" | undefined;

  /** The running turn, if any. */
  get running(): RunningTurn | undefined {
    return this.#running;
  }

  /** The model of the last turn seen, if any. */
  get model(): LiveModel | undefined {
    return this.#model;
  }

  /** Takes what `GET /sessions/:id/state` says runs (after a connect or a reset). */
  fromState(state: SessionState): void {
    this.#clear();
    this.#running = state.running
      ? { turnId: state.running.turnId, startedAt: state.running.startedAt }
      : undefined;
  }

  /** Folds one event in; answers whether the label may have changed. */
  apply(event: TypedSessionEvent): boolean {
    switch (event.type) {
      case "turn_started":
        this.#clear();
        this.#running = { turnId: event.data.turnId, startedAt: event.data.startedAt };
        this.#model = event.data.model;
        return true;
      case "assistant_started":
        this.#model = event.data.model;
        this.#streaming = undefined;
        return true;
      case "assistant_delta":
        if (this.#streaming === event.data.kind) return false;
        this.#streaming = event.data.kind;
        return true;
      case "tool_authoring":
        this.#authoring.set(event.data.callId, {
          name: event.data.name,
          reason: event.data.reason,
        });
        return true;
      case "tool_started":
        this.#authoring.delete(event.data.callId);
        this.#tools.set(event.data.callId, { name: event.data.name, args: event.data.args });
        this.#streaming = undefined;
        return true;
      case "tool_ended":
        this.#tools.delete(event.data.callId);
        return true;
      case "turn_completed":
        if (this.#running?.turnId !== event.data.turnId) return false;
        this.#running = undefined;
        this.#clear();
        return true;
      default:
        return false;
    }
  }

  /** The spinner's label while a turn runs. */
  label(): string {
    const authoring = last(this.#authoring);
    if (authoring) return toolActivityLabel(authoring.name, authoring.reason);
    const tool = last(this.#tools);
    if (tool) return toolActivityLabel(tool.name, toolRowReason(tool.args));
    if (this.#streaming === "thinking") return "Thinking…";
    if (this.#streaming === "text") return "Responding…";
    return "Working…";
  }

  #clear(): void {
    this.#authoring.clear();
    this.#tools.clear();
    this.#streaming = undefined;
  }
}

function last<T>(map: ReadonlyMap<string, T>): T | undefined {
  let found: T | undefined;
  for (const value of map.values()) found = value;
  return found;
}
