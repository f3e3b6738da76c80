import type { ElowenClient } from "@elowen/client";
import type {
  PromptBox,
  PromptFilled,
  PromptFillInput,
  PromptSuggestResult,
} from "@elowen/plugin-api/prompt-box";
import { type PromptBoxReplyBody, parseSessionEvent, type SessionEvent } from "@elowen/wire";

const REQUESTS = new Set(["prompt_fill", "prompt_suggest", "prompt_read"]);
/** How many answered request ids are remembered, so a replayed request is not answered twice. */
export const ANSWERED_MEMORY = 200;

/** What answers a plugin's requests: a prompt box. */
export interface RequestedBox {
  readonly box: PromptBox;
  fill(input: PromptFillInput): PromptFilled;
  suggest(text: string): PromptSuggestResult;
}

/**
 * Answers a plugin's `prompt_fill`, `prompt_suggest` and `prompt_read` events from a box, at
 * `POST /sessions/:id/prompt-box/replies/:requestId`. The first client to answer wins; a late
 * answer is refused by the daemon and ignored here. A request delivered again (a resumed stream)
 * is not answered twice.
 */
export class BoxRequests {
  readonly #client: ElowenClient | undefined;
  readonly #sessionId: string;
  readonly #answered = new Set<string>();

  constructor(client: ElowenClient | undefined, sessionId: string) {
    this.#client = client;
    this.#sessionId = sessionId;
  }

  /** Answers `event` from `box` if it is a request; returns whether it was one. */
  handle(event: SessionEvent, box: RequestedBox): boolean {
    if (!REQUESTS.has(event.type)) return false;
    const parsed = parseSessionEvent(event);
    if (!parsed || !("requestId" in parsed.data)) return true;
    const { requestId } = parsed.data;
    if (this.#answered.has(requestId)) return true;
    this.#answered.add(requestId);
    if (this.#answered.size > ANSWERED_MEMORY)
      this.#answered.delete(this.#answered.values().next().value as string);
    const answer: PromptBoxReplyBody | undefined =
      parsed.type === "prompt_fill"
        ? box.fill(parsed.data.input)
        : parsed.type === "prompt_suggest"
          ? box.suggest(parsed.data.input.text)
          : parsed.type === "prompt_read"
            ? box.box
            : undefined;
    if (answer)
      void this.#client?.promptBox.reply(this.#sessionId, requestId, answer).catch(() => {});
    return true;
  }
}
