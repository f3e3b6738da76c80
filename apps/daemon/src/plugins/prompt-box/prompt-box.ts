import { type ChainDispatcher, PROMPT_BOX_EVENTS } from "@elowen/plugin-api/chains";
import {
  type PromptAutocompleteInput,
  type PromptAutocompleteResult,
  type PromptBox,
  type PromptChangeInput,
  type PromptChangeResult,
  type PromptEditInput,
  type PromptEditResult,
  type PromptFillArgs,
  type PromptFilled,
  PromptFillInputSchema,
  type PromptSuggestArgs,
  type PromptSuggestResult,
} from "@elowen/plugin-api/prompt-box";
import type { PromptBoxReplyBody } from "@elowen/wire";
import { applyPromptEdit } from "@elowen/wire/prompt-box";
import type { Store } from "../../store/store.js";
import type { PromptBoxRelay, PromptBoxReplyRefusal } from "./prompt-box-relay.js";
import { sessionTarget } from "./session-target.js";

const EMPTY_BOX: PromptBox = Object.freeze({ text: "", cursor: 0 });

/** A box a client answered, its caret kept inside its text. */
function boxOf(answer: PromptBox): PromptBox {
  return { text: answer.text, cursor: Math.min(Math.max(0, answer.cursor), answer.text.length) };
}

/**
 * The prompt box on a host whose boxes live in its clients. A client's box raises
 * `prompt.edit`, `prompt.change` and `prompt.autocomplete` here, each chain's bottom the engine's
 * own behaviour; a plugin's `ctx.prompt.fill`, `suggest` and `read` raise their chains (origin
 * `{ kind: 'plugin', name }`), whose bottom hands the request to the session's live clients
 * through the relay. With no client connected, or none answering in time, a fill is refused
 * `no_composer`, a suggestion is not shown, and a read answers the empty box. The box after a
 * fill goes only to a plugin that reads the box (`PromptFilled`).
 */
export class PromptBoxService {
  readonly #hooks: ChainDispatcher;
  readonly #relay: PromptBoxRelay;
  readonly #store: Store;
  readonly #readers = new Set<string>();

  constructor(hooks: ChainDispatcher, relay: PromptBoxRelay, store: Store) {
    this.#hooks = hooks;
    this.#relay = relay;
    this.#store = store;
  }

  /** The prompt-box chains with at least one hook. */
  hooked(): string[] {
    return PROMPT_BOX_EVENTS.filter((event) => this.#hooks.has(event));
  }

  /** Marks a plugin as one that reads the box: a fill then answers it the box afterwards. */
  markReader(pluginName: string): void {
    this.#readers.add(pluginName);
  }

  /** `prompt.edit` from a client's box: the box after the edit (from core, the splice applied). */
  edit(
    sessionId: string,
    input: PromptEditInput,
    userId: number | null,
  ): Promise<PromptEditResult> {
    return this.#hooks.run("prompt.edit", input, applyPromptEdit, { sessionId, userId });
  }

  /** `prompt.change` from a client's box: observed; `{ text }` echoed by core. */
  change(
    sessionId: string,
    input: PromptChangeInput,
    userId: number | null,
  ): Promise<PromptChangeResult> {
    return this.#hooks.run("prompt.change", input, (e) => ({ text: e.text }), {
      sessionId,
      userId,
    });
  }

  /** `prompt.autocomplete` from a client's box: the rows plugins add (from core, none). */
  autocomplete(
    sessionId: string,
    input: PromptAutocompleteInput,
    userId: number | null,
  ): Promise<PromptAutocompleteResult> {
    return this.#hooks.run("prompt.autocomplete", input, () => ({ suggestions: [] }), {
      sessionId,
      userId,
    });
  }

  /** A client's answer to a plugin's fill, suggestion or read: the first one wins. */
  answer(
    sessionId: string,
    requestId: string,
    body: PromptBoxReplyBody,
  ): PromptBoxReplyRefusal | undefined {
    return this.#relay.answer(sessionId, requestId, body);
  }

  /** `ctx.prompt.fill`: the `prompt.fill` chain, then the session's box lands what it left. */
  async fill(
    pluginName: string,
    args: PromptFillArgs,
    options?: { readonly sessionId?: string },
  ): Promise<PromptFilled> {
    const parsed = PromptFillInputSchema.safeParse({
      text: args?.text,
      mode: args?.mode ?? "replace",
      origin: { kind: "plugin", name: pluginName },
      ...(args?.decorations === undefined ? {} : { decorations: args.decorations }),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new TypeError(`prompt.fill: args.${issue?.path.join(".")}: ${issue?.message}`);
    }
    const { sessionId, userId } = await sessionTarget(this.#store, "prompt.fill", options);
    let box: PromptBox = EMPTY_BOX;
    const result = await this.#hooks.run(
      "prompt.fill",
      parsed.data,
      async (e) => {
        const answer = await this.#relay.request(sessionId, "prompt_fill", e);
        if (!answer) return { isFilled: false, refusal: "no_composer" as const };
        box = boxOf(answer);
        return {
          isFilled: answer.isFilled,
          ...(answer.refusal === undefined ? {} : { refusal: answer.refusal }),
        };
      },
      { sessionId, userId },
    );
    const shown = this.#readers.has(pluginName) ? box : EMPTY_BOX;
    return {
      isFilled: result.isFilled,
      ...(result.refusal === undefined ? {} : { refusal: result.refusal }),
      ...shown,
    };
  }

  /** `ctx.prompt.suggest`: the `prompt.suggest` chain, then the session's box shows it dim. */
  async suggest(
    pluginName: string,
    args: PromptSuggestArgs,
    options?: { readonly sessionId?: string },
  ): Promise<PromptSuggestResult> {
    if (typeof args?.text !== "string")
      throw new TypeError("prompt.suggest: args.text: expected a string");
    const { sessionId, userId } = await sessionTarget(this.#store, "prompt.suggest", options);
    return this.#hooks.run(
      "prompt.suggest",
      { text: args.text, origin: { kind: "plugin", name: pluginName } },
      async (e) => {
        // A blank text cannot show (`PromptSuggestResult`).
        if (e.text.trim() === "") return { isShown: false };
        const answer = await this.#relay.request(sessionId, "prompt_suggest", e);
        return { isShown: answer?.isShown ?? false };
      },
      { sessionId, userId },
    );
  }

  /** `ctx.prompt.read`: the `prompt.read` chain over the session's box as a client has it. */
  async read(pluginName: string, options?: { readonly sessionId?: string }): Promise<PromptBox> {
    const { sessionId, userId } = await sessionTarget(this.#store, "prompt.read", options);
    this.markReader(pluginName);
    return this.#hooks.run(
      "prompt.read",
      {},
      async (e) => {
        const answer = await this.#relay.request(sessionId, "prompt_read", e);
        return answer ? boxOf(answer) : { ...EMPTY_BOX };
      },
      { sessionId, userId },
    );
  }
}
