import type {
  ChatSurface,
  PickerActionResult,
  PickerDescriptor,
} from "@elowen/plugin-api/commands";
import {
  type PromptAutocompleteInput,
  type PromptAutocompleteResult,
  PromptAutocompleteResultSchema,
  type PromptChangeInput,
  type PromptChangeResult,
  PromptChangeResultSchema,
  type PromptEditInput,
  type PromptEditResult,
  PromptEditResultSchema,
} from "@elowen/plugin-api/prompt-box";
import {
  type AbortBody,
  type AbortResponse,
  AbortResponseSchema,
  type Account,
  type AccountList,
  AccountListSchema,
  AccountSchema,
  type AnswerQuestionBody,
  type BrainStatusBody,
  BrainStatusSchema,
  type CardList,
  CardListSchema,
  type CommandCatalog,
  CommandCatalogSchema,
  type CreateAccountBody,
  type CreateSessionBody,
  type DecidePermissionBody,
  type Grants,
  GrantsSchema,
  type Health,
  HealthSchema,
  type HistoryPage,
  HistoryPageSchema,
  type HookAudit,
  HookAuditSchema,
  type IssuedToken,
  IssuedTokenSchema,
  type IssueTokenBody,
  type LearningStatusBody,
  LearningStatusSchema,
  type Me,
  MeSchema,
  type OkBody,
  OkBodySchema,
  type PageQuery,
  type PickerActionBody,
  PickerActionResponseSchema,
  type PickerRenderBody,
  PickerRenderResponseSchema,
  PLUGIN_UI_PATH,
  type PluginUiList,
  PluginUiListSchema,
  type PromptBoxHooked,
  PromptBoxHookedSchema,
  type PromptBoxReplyBody,
  type Session,
  type SessionModels,
  SessionModelsSchema,
  type SessionPage,
  SessionPageSchema,
  SessionSchema,
  type SessionState,
  SessionStateSchema,
  type SetSessionModelBody,
  type SubmitTurnBody,
  type SubmitTurnResponse,
  SubmitTurnResponseSchema,
  type TokenInfo,
  TokenInfoSchema,
  type UpdateSessionBody,
} from "@elowen/wire";
import type { z } from "zod";
import { ElowenApiError } from "./api-error.js";
import { type EventSubscription, type SubscribeOptions, subscribeEvents } from "./event-stream.js";

/** Options of {@link ElowenClient}. */
export interface ElowenClientOptions {
  /** The daemon's URL, e.g. `http://127.0.0.1:7457` (the `url` of `daemon.json`). */
  readonly baseUrl: string;
  /** A bearer token; omitted for unauthenticated calls such as `health()`. */
  readonly token?: string;
  /** A fetch implementation (default: the global one). */
  readonly fetch?: typeof fetch;
  /**
   * The surface this client acts as (`cli`, `web`, ...), sent as `x-elowen-surface` on every
   * request so plugins and the skill reviewer see which surface asked; omitted, the daemon
   * counts the request as `api`.
   */
  readonly surface?: string;
}

/** Options of one raw request. */
export interface RequestOptions<S extends z.ZodType> {
  readonly body?: unknown;
  readonly query?: Readonly<Record<string, string | number | undefined>>;
  /** Parses the JSON answer; the answer is returned unparsed (`unknown`) when omitted. */
  readonly schema?: S;
  readonly signal?: AbortSignal;
}

/**
 * A typed client of the daemon's HTTP API for the CLI and the web. Every answer is parsed with the
 * same zod schema the daemon validates and documents with; an error answer throws
 * {@link ElowenApiError}. Browser-safe: it uses only fetch, URL and TextDecoder.
 */
export class ElowenClient {
  readonly #base: string;
  readonly #token: string | undefined;
  readonly #fetch: typeof fetch;

  constructor(options: ElowenClientOptions) {
    this.#base = options.baseUrl.replace(/\/+$/, "");
    this.#token = options.token;
    const base = options.fetch ?? ((...args) => globalThis.fetch(...args));
    const surface = options.surface;
    this.#fetch =
      surface === undefined
        ? base
        : (input, init) => {
            const headers = new Headers(init?.headers);
            headers.set("x-elowen-surface", surface);
            return base(input, { ...init, headers });
          };
  }

  /** Sends one request and parses its JSON answer with `schema`. */
  async request<S extends z.ZodType = z.ZodUnknown>(
    method: string,
    path: string,
    options: RequestOptions<S> = {},
  ): Promise<z.infer<S>> {
    const response = await this.raw(method, path, options);
    const json: unknown = response.status === 204 ? undefined : await response.json();
    return (options.schema ? options.schema.parse(json) : json) as z.infer<S>;
  }

  /** Sends one request and returns the successful Response unread (attachments, streams). */
  async raw(
    method: string,
    path: string,
    options: Omit<RequestOptions<z.ZodType>, "schema"> = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { ...this.#authHeaders() };
    if (options.body !== undefined) headers["content-type"] = "application/json";
    const response = await this.#fetch(this.url(path, options.query), {
      method,
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (!response.ok) throw await ElowenApiError.fromResponse(response);
    return response;
  }

  /** The absolute URL of an API path with its query. */
  url(path: string, query?: RequestOptions<z.ZodType>["query"]): string {
    const url = new URL(this.#base + path);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url.toString();
  }

  #authHeaders(): Record<string, string> {
    return this.#token ? { authorization: `Bearer ${this.#token}` } : {};
  }

  /** `GET /health` (no token needed). */
  health(): Promise<Health> {
    return this.request("GET", "/health", { schema: HealthSchema });
  }
  /** `GET /brain/status`. */
  status(): Promise<BrainStatusBody> {
    return this.request("GET", "/brain/status", { schema: BrainStatusSchema });
  }
  /** `GET /learning/status`: skill learning and its reviewer's status, for the bearer's account. */
  learningStatus(): Promise<LearningStatusBody> {
    return this.request("GET", "/learning/status", { schema: LearningStatusSchema });
  }
  /** `GET /me`: the bearer's account and grants. */
  me(): Promise<Me> {
    return this.request("GET", "/me", { schema: MeSchema });
  }
  /** `GET /commands`: the complete command catalog for a surface. */
  commands(surface: ChatSurface): Promise<CommandCatalog> {
    return this.request("GET", "/commands", { query: { surface }, schema: CommandCatalogSchema });
  }
  /** `POST /commands/:name/render`: a picker's descriptor. */
  renderPicker(name: string, body: PickerRenderBody): Promise<PickerDescriptor> {
    return this.request("POST", `/commands/${encodeURIComponent(name)}/render`, {
      body,
      schema: PickerRenderResponseSchema,
    });
  }
  /** `POST /commands/:name/action`: an explicit action; `openUrl` is already validated by core. */
  pickerAction(name: string, body: PickerActionBody): Promise<PickerActionResult> {
    return this.request("POST", `/commands/${encodeURIComponent(name)}/action`, {
      body,
      schema: PickerActionResponseSchema,
    });
  }

  /** Accounts (owner and administrators). */
  readonly accounts = {
    list: (): Promise<AccountList> =>
      this.request("GET", "/accounts", { schema: AccountListSchema }),
    create: (body: CreateAccountBody): Promise<Account> =>
      this.request("POST", "/accounts", { body, schema: AccountSchema }),
    remove: (accountId: number): Promise<OkBody> =>
      this.request("DELETE", `/accounts/${accountId}`, { schema: OkBodySchema }),
    issueToken: (accountId: number, body: IssueTokenBody = {}): Promise<IssuedToken> =>
      this.request("POST", `/accounts/${accountId}/tokens`, { body, schema: IssuedTokenSchema }),
    tokens: (accountId: number): Promise<TokenInfo[]> =>
      this.request("GET", `/accounts/${accountId}/tokens`, {
        schema: TokenInfoSchema.array(),
      }),
    revokeToken: (accountId: number, tokenId: number): Promise<OkBody> =>
      this.request("DELETE", `/accounts/${accountId}/tokens/${tokenId}`, { schema: OkBodySchema }),
    grants: (accountId: number): Promise<Grants> =>
      this.request("GET", `/accounts/${accountId}/grants`, { schema: GrantsSchema }),
    setGrants: (accountId: number, grants: Grants): Promise<Grants> =>
      this.request("PUT", `/accounts/${accountId}/grants`, { body: grants, schema: GrantsSchema }),
  };

  /** Sessions, their history, cards, attachments and live events. */
  readonly sessions = {
    list: (page: PageQuery = {}): Promise<SessionPage> =>
      this.request("GET", "/sessions", { query: { ...page }, schema: SessionPageSchema }),
    create: (body: CreateSessionBody = {}): Promise<Session> =>
      this.request("POST", "/sessions", { body, schema: SessionSchema }),
    get: (sessionId: string): Promise<Session> =>
      this.request("GET", `/sessions/${sessionId}`, { schema: SessionSchema }),
    rename: (sessionId: string, body: UpdateSessionBody): Promise<Session> =>
      this.request("PATCH", `/sessions/${sessionId}`, { body, schema: SessionSchema }),
    remove: (sessionId: string): Promise<OkBody> =>
      this.request("DELETE", `/sessions/${sessionId}`, { schema: OkBodySchema }),
    history: (sessionId: string, page: PageQuery = {}): Promise<HistoryPage> =>
      this.request("GET", `/sessions/${sessionId}/history`, {
        query: { ...page },
        schema: HistoryPageSchema,
      }),
    cards: (sessionId: string): Promise<CardList> =>
      this.request("GET", `/sessions/${sessionId}/cards`, { schema: CardListSchema }),
    attachment: (sessionId: string, hash: string): Promise<Response> =>
      this.raw("GET", `/sessions/${sessionId}/attachments/${encodeURIComponent(hash)}`),
    /** `POST /sessions/:id/turns`: submit a prompt (accepted, dropped, or settled with `waitForSettle`). */
    submitTurn: (sessionId: string, body: SubmitTurnBody): Promise<SubmitTurnResponse> =>
      this.request("POST", `/sessions/${sessionId}/turns`, {
        body,
        schema: SubmitTurnResponseSchema,
      }),
    /** `POST /sessions/:id/abort`: end the running turn (and the queue with `clearQueue`). */
    abort: (sessionId: string, body: AbortBody = {}): Promise<AbortResponse> =>
      this.request("POST", `/sessions/${sessionId}/abort`, { body, schema: AbortResponseSchema }),
    /** `GET /sessions/:id/model`: the model the next turn runs on and those it may switch to. */
    models: (sessionId: string): Promise<SessionModels> =>
      this.request("GET", `/sessions/${sessionId}/model`, { schema: SessionModelsSchema }),
    /**
     * `PUT /sessions/:id/model`: switch the session's model from its next turn (kept with it).
     * Sends only `provider` and `id`, so a whole model choice may be passed (the body is strict).
     */
    setModel: (sessionId: string, model: SetSessionModelBody): Promise<SessionModels> =>
      this.request("PUT", `/sessions/${sessionId}/model`, {
        body: { provider: model.provider, id: model.id } satisfies SetSessionModelBody,
        schema: SessionModelsSchema,
      }),
    /** `GET /sessions/:id/state`: the running turn, the queue, open questions and permission prompts. */
    state: (sessionId: string): Promise<SessionState> =>
      this.request("GET", `/sessions/${sessionId}/state`, { schema: SessionStateSchema }),
    /** `POST /sessions/:id/questions/:questionId`: answer a parked question (first answer wins). */
    answerQuestion: (
      sessionId: string,
      questionId: string,
      body: AnswerQuestionBody,
    ): Promise<OkBody> =>
      this.request("POST", `/sessions/${sessionId}/questions/${questionId}`, {
        body,
        schema: OkBodySchema,
      }),
    /** `POST /sessions/:id/permissions/:permissionId`: decide a permission prompt (first wins). */
    decidePermission: (
      sessionId: string,
      permissionId: string,
      body: DecidePermissionBody,
    ): Promise<OkBody> =>
      this.request("POST", `/sessions/${sessionId}/permissions/${permissionId}`, {
        body,
        schema: OkBodySchema,
      }),
    events: (sessionId: string, options: SubscribeOptions): EventSubscription =>
      subscribeEvents(
        this.url(`/sessions/${sessionId}/events`),
        this.#authHeaders(),
        this.#fetch,
        options,
      ),
  };

  /**
   * A session's prompt box: which chains its plugins hook, the chains a client's box
   * raises (`prompt.edit`, `prompt.change`, `prompt.autocomplete`, each answered with the chain's
   * result), and the answer to a plugin's `prompt_fill`, `prompt_suggest` or `prompt_read` event.
   */
  readonly promptBox = {
    /** `GET /sessions/:id/prompt-box`: the prompt-box chains with at least one hook. */
    hooked: (sessionId: string): Promise<PromptBoxHooked> =>
      this.request("GET", promptBoxPath(sessionId), { schema: PromptBoxHookedSchema }),
    /** `POST /sessions/:id/prompt-box/edit`: the box after the edit, with its decorations. */
    edit: (sessionId: string, input: PromptEditInput): Promise<PromptEditResult> =>
      this.request("POST", `${promptBoxPath(sessionId)}/edit`, {
        body: input,
        schema: PromptEditResultSchema,
      }),
    /** `POST /sessions/:id/prompt-box/change`: `prompt.change` observed, `{ text }` echoed. */
    change: (sessionId: string, input: PromptChangeInput): Promise<PromptChangeResult> =>
      this.request("POST", `${promptBoxPath(sessionId)}/change`, {
        body: input,
        schema: PromptChangeResultSchema,
      }),
    /** `POST /sessions/:id/prompt-box/autocomplete`: the rows plugins add for the token. */
    autocomplete: (
      sessionId: string,
      input: PromptAutocompleteInput,
    ): Promise<PromptAutocompleteResult> =>
      this.request("POST", `${promptBoxPath(sessionId)}/autocomplete`, {
        body: input,
        schema: PromptAutocompleteResultSchema,
      }),
    /** `POST /sessions/:id/prompt-box/replies/:requestId`: answer a plugin's request (first wins; 409 after). */
    reply: (sessionId: string, requestId: string, body: PromptBoxReplyBody): Promise<OkBody> =>
      this.request("POST", `${promptBoxPath(sessionId)}/replies/${encodeURIComponent(requestId)}`, {
        body,
        schema: OkBodySchema,
      }),
  };

  /** `GET /ui/plugins`: loaded plugins' view strings and browser bundles for this account. */
  pluginUi(): Promise<PluginUiList> {
    return this.request("GET", PLUGIN_UI_PATH, { schema: PluginUiListSchema });
  }

  /** `GET /admin/hooks/audit`: the hook audit buffer (administrators). */
  hookAudit(): Promise<HookAudit> {
    return this.request("GET", "/admin/hooks/audit", { schema: HookAuditSchema });
  }
}

function promptBoxPath(sessionId: string): string {
  return `/sessions/${sessionId}/prompt-box`;
}
