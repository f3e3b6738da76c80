import { ElowenApiError, type ElowenClient, type SessionEvent } from "@elowen/client";
import {
  PromptAutocompleteResultSchema,
  PromptEditResultSchema,
  PromptFillInputSchema,
  PromptSuggestInputSchema,
} from "@elowen/plugin-api";
import { z } from "zod";
import type { PromptBoxController } from "../prompt/prompt-box.js";
import type { ClientBoxChain, PromptBoxChains } from "../prompt/prompt-box-chains.js";

/** The daemon's prompt-box route of a session: which chains have hooks, and where to raise them. */
export const PROMPT_BOX_PATH = (sessionId: string) => `/sessions/${sessionId}/prompt-box`;

const HookedSchema = z.object({ hooked: z.array(z.string()) });
const CLIENT_CHAINS: readonly ClientBoxChain[] = [
  "prompt.edit",
  "prompt.change",
  "prompt.autocomplete",
];

/** A plugin's write to the box, as the daemon forwards it once its chain ran: answered at `replies/:requestId`. */
const BoxRequestSchemas = {
  prompt_fill: z.object({ requestId: z.string(), input: PromptFillInputSchema }),
  prompt_suggest: z.object({ requestId: z.string(), input: PromptSuggestInputSchema }),
  prompt_read: z.object({ requestId: z.string() }),
} as const;

/**
 * The prompt box's channel to the daemon. The box raises `prompt.edit`, `prompt.change` and
 * `prompt.autocomplete` at `POST /sessions/:id/prompt-box/:chain` (only those `GET
 * /sessions/:id/prompt-box` names as hooked), and answers the daemon's `prompt_fill`,
 * `prompt_suggest` and `prompt_read` events at `POST /sessions/:id/prompt-box/replies/:requestId`.
 * A daemon without these routes (404) has no prompt-box hooks: the box behaves as the engine's.
 */
export class HttpPromptBoxChains implements PromptBoxChains {
  readonly #client: ElowenClient;
  readonly #sessionId: string;
  #hooked: ReadonlySet<ClientBoxChain> = new Set();

  constructor(client: ElowenClient, sessionId: string) {
    this.#client = client;
    this.#sessionId = sessionId;
  }

  /** Reads which chains have hooks (none when the daemon has no prompt-box route). */
  async refresh(): Promise<void> {
    try {
      const { hooked } = await this.#client.request("GET", PROMPT_BOX_PATH(this.#sessionId), {
        schema: HookedSchema,
      });
      this.#hooked = new Set(CLIENT_CHAINS.filter((chain) => hooked.includes(chain)));
    } catch (error) {
      if (!(error instanceof ElowenApiError && (error.status === 404 || error.status === 405)))
        throw error;
      this.#hooked = new Set();
    }
  }

  hooked(): ReadonlySet<ClientBoxChain> {
    return this.#hooked;
  }

  edit(input: Parameters<PromptBoxChains["edit"]>[0]) {
    return this.#client.request("POST", `${PROMPT_BOX_PATH(this.#sessionId)}/edit`, {
      body: input,
      schema: PromptEditResultSchema,
    });
  }

  async change(input: Parameters<PromptBoxChains["change"]>[0]): Promise<void> {
    await this.#client.request("POST", `${PROMPT_BOX_PATH(this.#sessionId)}/change`, {
      body: input,
    });
  }

  autocomplete(input: Parameters<PromptBoxChains["autocomplete"]>[0]) {
    return this.#client.request("POST", `${PROMPT_BOX_PATH(this.#sessionId)}/autocomplete`, {
      body: input,
      schema: PromptAutocompleteResultSchema,
    });
  }

  /**
   * Answers a plugin's request to the box if `event` is one (`prompt_fill`, `prompt_suggest`,
   * `prompt_read`); returns whether it was.
   */
  handle(event: SessionEvent, box: PromptBoxController): boolean {
    if (!Object.hasOwn(BoxRequestSchemas, event.type)) return false;
    const type = event.type as keyof typeof BoxRequestSchemas;
    const parsed = BoxRequestSchemas[type].safeParse(event.data);
    if (!parsed.success) return true;
    const { requestId } = parsed.data;
    const answer =
      type === "prompt_fill"
        ? box.fill((parsed.data as z.infer<(typeof BoxRequestSchemas)["prompt_fill"]>).input)
        : type === "prompt_suggest"
          ? box.suggest(
              (parsed.data as z.infer<(typeof BoxRequestSchemas)["prompt_suggest"]>).input.text,
            )
          : box.read();
    void this.#client
      .request(
        "POST",
        `${PROMPT_BOX_PATH(this.#sessionId)}/replies/${encodeURIComponent(requestId)}`,
        { body: answer },
      )
      .catch(() => {});
    return true;
  }
}
