import { ElowenClient } from "@elowen/client";
import type { BrainCard } from "@elowen/plugin-api/cards";
import type { HistoryEntry, SessionEvent } from "@elowen/wire";
import { TUI } from "@mariozechner/pi-tui";
import type { CatalogCommand } from "../../src/chat/catalog-command.js";
import { ChatSession } from "../../src/chat/chat-session.js";
import { NO_BOX_CHAINS, type PromptBoxChains } from "../../src/prompt/prompt-box-chains.js";
import { ChatScreen } from "../../src/tui/chat-screen.js";
import { VirtualTerminal } from "./virtual-terminal.js";

/** A fetch for screens that must not reach a network: every request fails, naming the URL. */
export const noNetwork: typeof fetch = async (input) => {
  throw new Error(`this test has no network: ${String(input)}`);
};

/** The chat screen on a headless xterm, fed with wire-shaped fixtures (no daemon). */
export interface ScreenHarness {
  readonly terminal: VirtualTerminal;
  readonly tui: TUI;
  readonly session: ChatSession;
  readonly screen: ChatScreen;
  readonly clock: { now: number };
  readonly actions: { submitted: string[]; aborted: number; exited: number };
  /** Feeds live events as the stream would. */
  receive(...events: SessionEvent[]): void;
  /** Loads history (a reload). */
  load(entries: readonly HistoryEntry[], cards?: readonly BrainCard[]): void;
  /** Types keys, one input per string. */
  keys(...inputs: string[]): void;
  /** Draws one frame through pi-tui's differential renderer and reads the emulator's screen. */
  draw(): Promise<string[]>;
  close(): void;
}

/** Starts a screen at the given size with a fixed clock. */
export function screenHarness(
  options: {
    readonly columns?: number;
    readonly rows?: number;
    readonly now?: number;
    readonly chains?: PromptBoxChains;
    readonly commands?: readonly CatalogCommand[];
  } = {},
): ScreenHarness {
  const terminal = new VirtualTerminal(options.columns ?? 100, options.rows ?? 30);
  const tui = new TUI(terminal);
  const clock = { now: options.now ?? 1_700_000_000_000 };
  const actions = { submitted: [] as string[], aborted: 0, exited: 0 };
  const client = new ElowenClient({
    baseUrl: "http://127.0.0.1:9",
    token: "elw_test",
    fetch: noNetwork,
  });
  let screen: ChatScreen | undefined;
  const session = new ChatSession(client, {
    changed: () => screen?.refresh(),
    notice: (notice) => screen?.showNotice(notice),
  });
  session.session = {
    id: "s_000000000000000000000001",
    ownerId: 1,
    title: "Fixture",
    kind: "interactive",
    createdAt: 0,
    updatedAt: 0,
  };
  session.model = { label: "Offline model", offline: true };
  session.connection = "connected";
  session.ready = true;
  session.commands = options.commands ?? [];
  session.catalogGeneration += 1;
  screen = new ChatScreen(
    tui,
    session,
    {
      submit: (text) => actions.submitted.push(text),
      abort: () => {
        actions.aborted += 1;
      },
      exit: () => {
        actions.exited += 1;
      },
    },
    () => clock.now,
    "http://127.0.0.1:7457",
    options.chains ?? NO_BOX_CHAINS,
  );
  tui.addChild(screen);
  tui.setFocus(screen);
  tui.start();
  const render = tui as unknown as { doRender(): void };
  return {
    terminal,
    tui,
    session,
    screen,
    clock,
    actions,
    receive: (...events) => {
      for (const e of events) session.receive(e);
    },
    load: (entries, cards = []) => session.hydrate({ entries, cards }),
    keys: (...inputs) => {
      for (const input of inputs) terminal.send(input);
    },
    async draw() {
      render.doRender();
      await terminal.flush();
      return terminal.viewport();
    },
    close() {
      screen?.dispose();
      tui.stop();
    },
  };
}
