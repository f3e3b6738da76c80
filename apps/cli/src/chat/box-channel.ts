import { ElowenApiError, type ElowenClient } from "@elowen/client";
import {
  PROMPT_BOX_CLIENT_CHAINS,
  type PromptBoxClientChain,
  parseSessionEvent,
  type SessionEvent,
} from "@elowen/wire";
import type { PromptBoxController } from "../prompt/prompt-box.js";
import type { PromptBoxChains } from "../prompt/prompt-box-chains.js";

const CLIENT_CHAINS: readonly PromptBoxClientChain[] = Object.values(PROMPT_BOX_CLIENT_CHAINS);

/**
 * The prompt box's channel to the daemon (`client.promptBox`). The box raises `prompt.edit`,
 * `prompt.change` and `prompt.autocomplete` at `POST /sessions/:id/prompt-box/:chain` (only those
 * `GET /sessions/:id/prompt-box` names as hooked), and answers the daemon's `prompt_fill`,
 * `prompt_suggest` and `prompt_read` events at `POST /sessions/:id/prompt-box/replies/:requestId`.
 * A daemon without these routes (404) has no prompt-box hooks: the box behaves as the engine's.
 */
export class HttpPromptBoxChains implements PromptBoxChains {
  readonly #client: ElowenClient;
  readonly #sessionId: string;
  #hooked: ReadonlySet<PromptBoxClientChain> = new Set();

  constructor(client: ElowenClient, sessionId: string) {
    this.#client = client;
    this.#sessionId = sessionId;
  }

  /** Reads which chains have hooks (none when the daemon has no prompt-box route). */
  async refresh(): Promise<void> {
    try {
      const { hooked } = await this.#client.promptBox.hooked(this.#sessionId);
      this.#hooked = new Set(CLIENT_CHAINS.filter((chain) => hooked.includes(chain)));
    } catch (error) {
      if (!(error instanceof ElowenApiError && (error.status === 404 || error.status === 405)))
        throw error;
      this.#hooked = new Set();
    }
  }

  hooked(): ReadonlySet<PromptBoxClientChain> {
    return this.#hooked;
  }

  edit(input: Parameters<PromptBoxChains["edit"]>[0]) {
    return this.#client.promptBox.edit(this.#sessionId, input);
  }

  async change(input: Parameters<PromptBoxChains["change"]>[0]): Promise<void> {
    await this.#client.promptBox.change(this.#sessionId, input);
  }

  autocomplete(input: Parameters<PromptBoxChains["autocomplete"]>[0]) {
    return this.#client.promptBox.autocomplete(this.#sessionId, input);
  }

  /**
   * Answers a plugin's request to the box if `event` is one (`prompt_fill`, `prompt_suggest`,
   * `prompt_read`); returns whether it was.
   */
  handle(event: SessionEvent, box: PromptBoxController): boolean {
    if (!["prompt_fill", "prompt_suggest", "prompt_read"].includes(event.type)) return false;
    const parsed = parseSessionEvent(event);
    const answer =
      parsed?.type === "prompt_fill"
        ? box.fill(parsed.data.input)
        : parsed?.type === "prompt_suggest"
          ? box.suggest(parsed.data.input.text)
          : parsed?.type === "prompt_read"
            ? box.read()
            : undefined;
    if (!parsed || !answer || !("requestId" in parsed.data)) return true;
    void this.#client.promptBox
      .reply(this.#sessionId, parsed.data.requestId, answer)
      .catch(() => {});
    return true;
  }
}
