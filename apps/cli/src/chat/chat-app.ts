import type { ElowenClient } from "@elowen/client";
import { type Terminal, TUI } from "@mariozechner/pi-tui";
import { NO_BOX_CHAINS, type PromptBoxChains } from "../prompt/prompt-box-chains.js";
import { ChatScreen } from "../tui/chat-screen.js";
import { browserUnavailable, systemBrowserOpener } from "./browser.js";
import { ChatController } from "./chat-controller.js";
import { ChatSession } from "./chat-session.js";

/** What the chat needs: a signed-in client, a terminal, and which session. */
export interface ChatOptions {
  readonly client: ElowenClient;
  /** The daemon's URL, for attachment links. */
  readonly baseUrl: string;
  /** The terminal to draw on (the process's, full screen, by default in `elowen`). */
  readonly terminal: Terminal;
  /** Open this session; else the most recent interactive one (or a new one). */
  readonly sessionId?: string;
  /** Start a new session. */
  readonly fresh?: boolean;
  /** The directory new sessions are created in (`elowen` passes its working directory). */
  readonly workspace?: string;
  /** The environment: `SSH_CONNECTION`, `DISPLAY` decide whether a browser may be opened. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Opens a URL in a browser (default: the platform's opener). */
  readonly openUrl?: (url: string) => void;
  /** The clock live elapsed times are computed with (epoch ms). */
  readonly clock?: () => number;
  /** The data directory a local daemon reads provider keys from (/login stores them there). */
  readonly home?: string;
  /** The directory file-path completion starts from. */
  readonly cwd?: string;
}

/**
 * The running chat: the pi-tui TUI on the terminal with the chat screen, kept in step with one
 * session of the daemon. `done` resolves with the exit code once the person leaves (or `stop`).
 */
export class ChatApp {
  readonly tui: TUI;
  readonly session: ChatSession;
  readonly screen: ChatScreen;
  readonly controller: ChatController;
  readonly done: Promise<number>;
  #resolve!: (code: number) => void;
  #stopped = false;

  private constructor(options: ChatOptions) {
    this.done = new Promise((resolve) => {
      this.#resolve = resolve;
    });
    this.tui = new TUI(options.terminal);
    this.session = new ChatSession(
      options.client,
      {
        changed: () => {
          this.controller?.syncDialogs();
          const title = this.session.session?.title;
          options.terminal.setTitle(title ? `elowen · ${title}` : "elowen");
          this.screen?.refresh();
        },
        notice: (notice) => this.screen?.showNotice(notice),
        other: (event) =>
          this.session.box ? this.session.box.handle(event, this.screen.box) : false,
      },
      options.workspace === undefined ? {} : { workspace: options.workspace },
    );
    const session = this.session;
    const chains: PromptBoxChains = {
      hooked: () => session.box?.hooked() ?? NO_BOX_CHAINS.hooked(),
      edit: (input) => (session.box ?? NO_BOX_CHAINS).edit(input),
      change: (input) => (session.box ?? NO_BOX_CHAINS).change(input),
      autocomplete: (input) => (session.box ?? NO_BOX_CHAINS).autocomplete(input),
    };
    this.screen = new ChatScreen(
      this.tui,
      this.session,
      {
        submit: (text) => this.controller.submit(text),
        abort: () => this.controller.abort(),
        exit: () => void this.stop(0),
      },
      options.clock ?? Date.now,
      options.baseUrl.replace(/\/+$/, ""),
      chains,
      options.cwd ?? process.cwd(),
    );
    const env = options.env ?? process.env;
    this.controller = new ChatController(
      this.session,
      this.screen,
      {
        unavailable: browserUnavailable(env),
        open: options.openUrl ?? systemBrowserOpener(),
      },
      { ...(options.home === undefined ? {} : { home: options.home }), env },
    );
    this.tui.addChild(this.screen);
    this.tui.setFocus(this.screen);
  }

  /** Starts drawing and opens the session; rejects (with the screen closed) when the session cannot be opened. */
  static async start(options: ChatOptions): Promise<ChatApp> {
    const app = new ChatApp(options);
    app.tui.start();
    try {
      await app.session.open({
        ...(options.sessionId !== undefined ? { sessionId: options.sessionId } : {}),
        ...(options.fresh ? { fresh: true } : {}),
      });
    } catch (error) {
      await app.stop(1);
      throw error;
    }
    return app;
  }

  /** Leaves: closes the live events, restores the terminal, resolves `done` with `code`. */
  async stop(code = 0): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    this.screen.dispose();
    await this.session.close();
    this.tui.stop();
    this.#resolve(code);
  }
}
