import type { AgentInfo } from "@elowen/plugin-api";
import type {
  PromptSubmitArgs,
  PromptSubmitResult,
  SessionUsage,
  UsageUnit,
} from "@elowen/plugin-api/events";
import type {
  PromptBox,
  PromptFillArgs,
  PromptFilled,
  PromptSuggestArgs,
  PromptSuggestResult,
} from "@elowen/plugin-api/prompt-box";
import type { AskAnswer, AskQuestion } from "@elowen/plugin-api/questions";
import { ElowenError } from "@elowen/plugin-shared/errors";
import { INVARIANT_ERRORS, InvariantError } from "../../invariant-error.js";

/**
 * What the brain (part 2) implements for the turn-bound context methods. Each call names the
 * plugin making it; the current turn comes from `currentTurn()`. Until the brain installs an
 * implementation, these context methods throw {@link NotInTurnError}.
 */
export interface TurnServices {
  askUser(pluginName: string, questions: readonly AskQuestion[]): Promise<readonly AskAnswer[]>;
  promptSubmit(
    pluginName: string,
    args: PromptSubmitArgs,
    options?: { readonly sessionId?: string },
  ): Promise<PromptSubmitResult>;
  /**
   * No longer called: `ctx.prompt.fill`, `read` and `suggest` are served by the prompt box
   * (`PromptBoxService`), which reaches the session's clients. Optional until the brain drops them.
   */
  promptFill?(pluginName: string, args: PromptFillArgs): Promise<PromptFilled>;
  /** No longer called (see `promptFill`). */
  promptRead?(pluginName: string): Promise<PromptBox>;
  /** No longer called (see `promptFill`). */
  promptSuggest?(pluginName: string, args: PromptSuggestArgs): Promise<PromptSuggestResult>;
  agentSpawn(
    pluginName: string,
    args: { readonly prompt: string; readonly name?: string },
  ): Promise<{ readonly agentId: string; readonly answer: string }>;
  agentList(pluginName: string): Promise<readonly AgentInfo[]>;
  sessionUsage(pluginName: string, units?: readonly UsageUnit[]): Promise<SessionUsage>;
}

/** A turn-bound context method was called where no turn can serve it. */
export class NotInTurnError extends ElowenError<"not_in_turn"> {
  override readonly name = "NotInTurnError";
  constructor(method: string) {
    super({
      code: "not_in_turn",
      summary: `ctx.${method} is not available outside a turn: it acts on the current session's turn, and this call runs in none (or the host has no turn runner yet)`,
    });
  }
}

/** The holder the daemon keeps; the brain installs its implementation once at start. */
export class TurnServicesSlot {
  #services: TurnServices | undefined;

  /** Installs the brain's implementation (once). */
  install(services: TurnServices): void {
    if (this.#services)
      throw new InvariantError({
        code: INVARIANT_ERRORS.turnServicesInstalled,
        summary: "turn services are already installed; the brain installs them once, at start",
      });
    this.#services = services;
  }

  /** The implementation, or a {@link NotInTurnError} naming the method. */
  require(method: string): TurnServices {
    if (!this.#services) throw new NotInTurnError(method);
    return this.#services;
  }
}
