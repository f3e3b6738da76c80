import { ElowenApiError, type ElowenClient, type EventSubscription } from "@elowen/client";
import type { AskAnswer } from "@elowen/plugin-api/questions";
import { errorMessage } from "@elowen/plugin-shared/errors";
import {
  type ModelChoice,
  parseSessionEvent,
  type Session,
  type SessionEvent,
  type SessionModels,
} from "@elowen/wire";
import { CliError } from "../cli/cli-error.js";
import { EXIT_CODES } from "../cli/exit-codes.js";
import type { Notice } from "../tui/notice.js";
import { HttpPromptBoxChains } from "./box-channel.js";
import type { CatalogCommand } from "./catalog-command.js";
import { loadHistory } from "./history-loader.js";
import { SessionView } from "./session-view.js";
import { TERMINAL_COMMANDS } from "./terminal-commands.js";

/** What a chat session tells its screen. */
export interface ChatSessionEvents {
  /** Something drawn changed. */
  readonly changed: () => void;
  /** A transient notice for the person. */
  readonly notice: (notice: Notice) => void;
  /** An event the session does not fold itself (a prompt-box request). */
  readonly other?: (event: SessionEvent) => boolean;
}

/**
 * One session as the chat screen shows it, kept in step with the daemon: history, then live
 * events over SSE (reconnecting with Last-Event-ID; a `reset` reloads history, state and cards;
 * a reconnect reads the command catalog, the prompt-box hooks and the model again), the running
 * turn, pinned and other cards, open questions and permission prompts, and the command catalog.
 * Every request goes through @elowen/client.
 */
export class ChatSession extends SessionView {
  readonly client: ElowenClient;
  commands: readonly CatalogCommand[] = [];
  /** Bumped whenever the command catalog is read again: an answer for an older one is an expired publication. */
  catalogGeneration = 0;
  session: Session | undefined;
  connection: "connecting" | "connected" | "offline" = "connecting";
  box: HttpPromptBoxChains | undefined;
  /** Whether the loaded history left older entries unread. */
  historyTruncated = false;
  /** False until the session is open (history, state, cards and the catalog read). */
  ready = false;
  /** Callers of `whenReady` waiting for the session to open. */
  #readyWaiters: (() => void)[] = [];
  readonly #events: ChatSessionEvents;
  /** The directory a new session is created in (the CLI's working directory). */
  readonly #workspace: string | undefined;
  #subscription: EventSubscription | undefined;
  #buffer: SessionEvent[] | undefined;

  constructor(
    client: ElowenClient,
    events: ChatSessionEvents,
    options: { readonly workspace?: string } = {},
  ) {
    super();
    this.client = client;
    this.#events = events;
    this.#workspace = options.workspace;
  }

  /** The session id, once open. */
  get id(): string | undefined {
    return this.session?.id;
  }

  /**
   * Opens a session: the named one, else (unless `fresh`) the most recently updated interactive
   * one, else a new one. Subscribes first and buffers, then loads history, state and cards, then
   * applies what arrived meanwhile, so nothing falls between the two.
   */
  async open(
    options: { readonly sessionId?: string; readonly fresh?: boolean } = {},
  ): Promise<Session> {
    await this.close();
    this.ready = false;
    this.clear();
    this.session =
      options.sessionId !== undefined
        ? await this.client.sessions.get(options.sessionId)
        : options.fresh
          ? await this.#create()
          : await this.#latest();
    const id = this.session.id;
    this.box = new HttpPromptBoxChains(this.client, id);
    this.#buffer = [];
    let opens = 0;
    this.#subscription = this.client.sessions.events(id, {
      onEvent: (event) => this.receive(event),
      onOpen: () => {
        this.connection = "connected";
        opens += 1;
        // A reconnect may reach a daemon restarted with other plugins: what they publish (the
        // command catalog, the prompt-box hooks, the model) is read again, so a withdrawn command
        // leaves the menu and an answer for it is an expired publication.
        if (opens > 1) void this.#reread();
        this.#events.changed();
      },
      onError: (error) => {
        this.connection = "offline";
        this.#events.notice({
          level: "error",
          text: `Live events stopped: ${errorMessage(error)}`,
        });
        this.#events.changed();
      },
    });
    await Promise.all([
      this.#load(id),
      this.refreshCommands(),
      this.#status(),
      this.box.refresh().catch(() => {}),
    ]);
    const buffered = this.#buffer ?? [];
    this.#buffer = undefined;
    for (const event of buffered) this.#apply(event);
    this.ready = true;
    for (const wake of this.#readyWaiters.splice(0)) wake();
    this.#events.changed();
    return this.session;
  }

  /** Resolves once the session is open (its history and command catalog read); at once when it is. */
  whenReady(): Promise<void> {
    if (this.ready) return Promise.resolve();
    return new Promise((resolve) => this.#readyWaiters.push(resolve));
  }

  /** Reads the command catalog for the terminal (`chatCommands('cli')`). */
  async refreshCommands(): Promise<void> {
    try {
      const { commands } = await this.client.commands("cli");
      // The terminal's own commands follow the daemon's (a daemon command of the same name wins).
      this.commands = [
        ...commands,
        ...TERMINAL_COMMANDS.filter((c) => !commands.some((d) => d.name === c.name)),
      ];
      this.catalogGeneration += 1;
    } catch (error) {
      this.#events.notice({
        level: "warning",
        text: `Could not read the command catalog: ${errorMessage(error)}`,
      });
    }
  }

  /** Submits a prompt; a `prompt.submit` hook's drop is told as a notice. */
  async submit(text: string): Promise<void> {
    const id = this.#require();
    // Echo at once: the message shows, with a spinner, before the host has journaled it.
    this.transcript.setPending(text);
    this.#events.changed();
    let answer: Awaited<ReturnType<ElowenClient["sessions"]["submitTurn"]>>;
    try {
      answer = await this.client.sessions.submitTurn(id, { text });
    } catch (error) {
      this.transcript.setPending(undefined);
      this.#events.changed();
      throw error;
    }
    if (answer.status === "dropped") {
      this.transcript.setPending(undefined);
      this.#events.changed();
      this.#events.notice({ level: "warning", text: `Not sent: ${answer.reason}` });
    } else if (answer.status === "accepted" && answer.position > 0)
      this.#events.notice({
        level: "info",
        text: `Queued: ${answer.position} turn${answer.position === 1 ? "" : "s"} ahead of it.`,
      });
  }

  /** Ends the running turn (what was said stays in history). */
  async abort(): Promise<void> {
    await this.client.sessions.abort(this.#require());
  }

  /** Answers a question; a 409 (another client answered first, or it expired) is a notice. */
  async answer(questionId: string, answers: readonly Omit<AskAnswer, "outcome">[]): Promise<void> {
    await this.#first(() =>
      this.client.sessions.answerQuestion(this.#require(), questionId, {
        answers: answers.map((a) => ({ ...a, selected: [...a.selected] })),
      }),
    );
    this.questions.delete(questionId);
    this.#events.changed();
  }

  /** Decides a permission prompt; a 409 is a notice. */
  async decide(permissionId: string, outcome: "once" | "always" | "deny"): Promise<void> {
    await this.#first(() =>
      this.client.sessions.decidePermission(this.#require(), permissionId, { outcome }),
    );
    this.permissions.delete(permissionId);
    this.#events.changed();
  }

  /** Stops the live events. */
  async close(): Promise<void> {
    const subscription = this.#subscription;
    this.#subscription = undefined;
    await subscription?.close();
  }

  async #first(call: () => Promise<unknown>): Promise<void> {
    try {
      await call();
    } catch (error) {
      if (error instanceof ElowenApiError && error.status === 409) {
        this.#events.notice({ level: "info", text: "Already answered elsewhere, or it expired." });
        return;
      }
      throw error;
    }
  }

  async #latest(): Promise<Session> {
    const { sessions } = await this.client.sessions.list({ limit: 20 });
    return sessions.find((s) => s.kind === "interactive") ?? (await this.#create());
  }

  /**
   * Creates a session in the working directory; a daemon that does not allow it there (another
   * machine, outside `brain.allowedWorkspaces`) gets a session of its own workspace, with a notice.
   */
  async #create(): Promise<Session> {
    const workspace = this.#workspace;
    if (workspace === undefined) return this.client.sessions.create({});
    try {
      return await this.client.sessions.create({ workspace });
    } catch (error) {
      if (!(error instanceof ElowenApiError && error.body.path === "body.workspace")) throw error;
      this.#events.notice({
        level: "info",
        text: `This session works in the daemon's own workspace: ${error.body.error}`,
      });
      return this.client.sessions.create({});
    }
  }

  async #load(id: string): Promise<void> {
    const [history, state, cards] = await Promise.all([
      loadHistory(this.client, id),
      this.client.sessions.state(id).catch(ignoreMissing),
      this.client.sessions.cards(id),
    ]);
    this.hydrate({ entries: history.entries, state, cards: cards.cards });
    this.historyTruncated = history.truncated;
  }

  async #reread(): Promise<void> {
    const box = this.box;
    await Promise.all([this.refreshCommands(), this.#status(), box?.refresh().catch(() => {})]);
    this.#events.changed();
  }

  async #status(): Promise<void> {
    try {
      const status = await this.client.status();
      this.model = { label: status.model.label, offline: status.model.offline };
      const id = this.id;
      if (id !== undefined) this.#showModel((await this.client.sessions.models(id)).current);
    } catch {
      // The status bar then shows the daemon's model, or none.
    }
  }

  #showModel(choice: ModelChoice): void {
    this.model = { label: choice.label, offline: choice.provider === "offline" };
  }

  /** The session's model and every model it may switch to (`/model`). */
  models(): Promise<SessionModels> {
    const id = this.id;
    if (id === undefined) return Promise.reject(new Error("no session is open"));
    return this.client.sessions.models(id);
  }

  /** Switches the session's model from its next turn; the status bar shows it at once. */
  async chooseModel(choice: Pick<ModelChoice, "provider" | "id">): Promise<ModelChoice> {
    const id = this.id;
    if (id === undefined) throw new CliError(EXIT_CODES.failure, "no session is open");
    const { current } = await this.client.sessions.setModel(id, choice);
    this.#showModel(current);
    this.#events.changed();
    return current;
  }

  /** Takes one live event as the stream delivers it (buffered while the session is being opened). */
  receive(event: SessionEvent): void {
    if (this.#buffer) this.#buffer.push(event);
    else this.#apply(event);
  }

  #apply(raw: SessionEvent): void {
    // A prompt-box request is the screen's to answer, not the transcript's to fold.
    if (this.#events.other?.(raw)) {
      this.#events.changed();
      return;
    }
    const event = parseSessionEvent(raw);
    if (!event) return;
    if (event.type === "reset") {
      const id = this.id;
      if (id) void this.#load(id).then(() => this.#events.changed());
      return;
    }
    this.fold(event, this.#events.notice);
    this.#events.changed();
  }

  #require(): string {
    if (!this.session) throw new CliError(EXIT_CODES.failure, "no session is open");
    return this.session.id;
  }
}

function ignoreMissing(error: unknown): undefined {
  if (error instanceof ElowenApiError && error.status === 404) return undefined;
  throw error;
}
