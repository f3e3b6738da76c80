import { errorMessage } from "@elowen/plugin-shared/errors";
import { afterEach } from "vitest";
import { ChatApp } from "../../src/chat/chat-app.js";
import { startCliDaemon, type TestDaemon } from "../support/daemon.js";
import { until } from "../support/until.js";
import { VirtualTerminal } from "../support/virtual-terminal.js";

/** The chat app on a headless xterm against a real daemon. */
export interface AppHarness {
  readonly app: ChatApp;
  readonly terminal: VirtualTerminal;
  readonly opened: string[];
  readonly clock: { now: number | undefined };
  /** Types keys (each string one input). */
  keys(...inputs: string[]): void;
  /** Types text and presses Enter. */
  submit(text: string): void;
  /** The screen once the emulator took every byte. */
  screen(): Promise<string>;
  /** Waits until the screen shows `text` (or matches it). */
  see(text: string | RegExp): Promise<string>;
}

/** Opens the chat (`sessionId`, else the latest session) on a virtual terminal. */
export async function openChat(
  t: TestDaemon,
  options: {
    readonly sessionId?: string;
    readonly fresh?: boolean;
    /** The working directory new sessions are created in. */
    readonly workspace?: string;
    readonly env?: Record<string, string>;
    /** The data directory /login stores keys in (a test daemon's home). */
    readonly home?: string;
    readonly columns?: number;
    readonly rows?: number;
  } = {},
): Promise<AppHarness> {
  const terminal = new VirtualTerminal(options.columns ?? 110, options.rows ?? 34);
  const opened: string[] = [];
  const clock: { now: number | undefined } = { now: undefined };
  const app = await ChatApp.start({
    client: t.owner,
    baseUrl: t.url,
    terminal,
    env: options.env ?? { DISPLAY: ":0" },
    openUrl: (url) => opened.push(url),
    clock: () => clock.now ?? Date.now(),
    ...(options.sessionId ? { sessionId: options.sessionId } : {}),
    ...(options.fresh ? { fresh: true } : {}),
    ...(options.workspace ? { workspace: options.workspace } : {}),
    ...(options.home ? { home: options.home } : {}),
  });
  const screen = async () => {
    await terminal.flush();
    return terminal.screen();
  };
  return {
    app,
    terminal,
    opened,
    clock,
    keys: (...inputs) => {
      for (const input of inputs) terminal.send(input);
    },
    submit(text) {
      for (const char of text) terminal.send(char);
      terminal.send("\r");
    },
    screen,
    async see(text) {
      let last = "";
      try {
        await until(
          async () => {
            last = await screen();
            return typeof text === "string" ? last.includes(text) : text.test(last);
          },
          `the screen to show ${String(text)}`,
        );
      } catch (error) {
        throw new Error(`${errorMessage(error)}; the screen is:\n${last}`);
      }
      return last;
    },
  };
}

/** Starts daemons and chats for a test, and stops them after it (the chat first). */
export function liveChat() {
  let daemon: TestDaemon | undefined;
  const chats: AppHarness[] = [];
  afterEach(async () => {
    for (const chat of chats.splice(0)) await chat.app.stop();
    await daemon?.close();
    daemon = undefined;
  });
  return {
    /** A real daemon (see `startCliDaemon`). */
    async daemon(options: Parameters<typeof startCliDaemon>[0] = {}): Promise<TestDaemon> {
      daemon = await startCliDaemon(options);
      return daemon;
    },
    /** A chat on that daemon (see `openChat`). */
    async chat(t: TestDaemon, options: Parameters<typeof openChat>[1] = {}): Promise<AppHarness> {
      const chat = await openChat(t, options);
      chats.push(chat);
      return chat;
    },
    /** The daemon of the running test. */
    get current(): TestDaemon | undefined {
      return daemon;
    },
    /** The chat opened last. */
    get lastChat(): AppHarness | undefined {
      return chats.at(-1);
    },
  };
}
