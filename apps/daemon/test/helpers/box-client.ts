import type { ElowenClient } from "@elowen/client";
import type { PromptBox } from "@elowen/plugin-api/prompt-box";
import { parseSessionEvent, type TypedSessionEvent } from "@elowen/wire";
import { placeFill } from "@elowen/wire/prompt-box";

type BoxRequest = Extract<
  TypedSessionEvent,
  { type: "prompt_fill" | "prompt_suggest" | "prompt_read" }
>;

/** A client's prompt box, answering plugins' requests as a composer would. */
export interface BoxClient {
  box: PromptBox;
  /** The requests it received, in order. */
  readonly requests: BoxRequest[];
  /** What each answer the daemon took or refused was told (status per request id). */
  readonly replies: Map<string, number>;
  /** Resolves once `n` requests arrived. */
  received(n: number): Promise<BoxRequest[]>;
  close(): Promise<void>;
}

/**
 * Opens a prompt box on a session over real SSE: a fill lands as the engine places it, a
 * suggestion shows while the box is empty, a read answers the box. `silent` receives requests
 * and never answers them.
 */
export async function openBox(
  client: ElowenClient,
  sessionId: string,
  options: { readonly box?: PromptBox; readonly silent?: boolean } = {},
): Promise<BoxClient> {
  const requests: BoxRequest[] = [];
  const replies = new Map<string, number>();
  const waiters: { n: number; resolve: () => void }[] = [];
  let opened!: () => void;
  const open = new Promise<void>((resolve) => {
    opened = resolve;
  });
  const state: BoxClient = {
    box: options.box ?? { text: "", cursor: 0 },
    requests,
    replies,
    received: (n) =>
      requests.length >= n
        ? Promise.resolve(requests)
        : new Promise<BoxRequest[]>((resolve) =>
            waiters.push({ n, resolve: () => resolve(requests) }),
          ),
    close: () => subscription.close(),
  };
  const answerOf = (request: BoxRequest) => {
    if (request.type === "prompt_fill") {
      state.box = placeFill(state.box, request.data.input).box;
      return { isFilled: true, ...state.box };
    }
    if (request.type === "prompt_suggest") return { isShown: state.box.text === "" };
    return state.box;
  };
  const subscription = client.sessions.events(sessionId, {
    onOpen: () => opened(),
    onEvent: (raw) => {
      const event = parseSessionEvent(raw);
      if (
        event?.type !== "prompt_fill" &&
        event?.type !== "prompt_suggest" &&
        event?.type !== "prompt_read"
      )
        return;
      requests.push(event);
      for (const waiter of [...waiters])
        if (requests.length >= waiter.n) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      if (options.silent) return;
      const { requestId } = event.data;
      client.promptBox
        .reply(sessionId, requestId, answerOf(event))
        .then(() => replies.set(requestId, 200))
        .catch((error: { status?: number }) => replies.set(requestId, error.status ?? 0));
    },
  });
  await open;
  return state;
}
