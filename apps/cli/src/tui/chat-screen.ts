import { type Component, type Focusable, matchesKey, type TUI } from "@mariozechner/pi-tui";
import type { ChatSession } from "../chat/chat-session.js";
import { HISTORY_LOAD_MAX } from "../chat/history-loader.js";
import type { ChoiceDialog } from "../dialogs/choice-dialog.js";
import type { PickerDialog } from "../dialogs/picker-dialog.js";
import type { SecretDialog } from "../dialogs/secret-dialog.js";
import { PromptAutocomplete } from "../prompt/autocomplete.js";
import { PromptBoxController } from "../prompt/prompt-box.js";
import { NO_BOX_CHAINS, type PromptBoxChains } from "../prompt/prompt-box-chains.js";
import { PromptEditor } from "../prompt/prompt-editor.js";
import { type RenderContext, SPINNER_FRAMES } from "../render/render-context.js";
import { prefixed } from "../render/text-lines.js";
import { CARD_PANEL_MAX_SHARE, cardsPanelLines, cardsTick } from "./cards-panel.js";
import { mouseButton, wheelLines } from "./mouse.js";
import { type Notice, noticeLines } from "./notice.js";
import { startScreenLines } from "./start-screen.js";
import { statusBarLine } from "./status-bar.js";
import { dim } from "./style.js";
import { Ticker } from "./ticker.js";
import { TranscriptView } from "./transcript-view.js";

/** The dialog holding the keys instead of the prompt box. */
export type ActiveDialog =
  | { readonly kind: "question"; readonly id: string; readonly component: ChoiceDialog }
  | { readonly kind: "permission"; readonly id: string; readonly component: ChoiceDialog }
  | { readonly kind: "picker"; readonly component: PickerDialog }
  /** A secret asked here (the key of /login), typed without echo. */
  | { readonly kind: "secret"; readonly component: SecretDialog };

/** How often the screen redraws while something moves (a spinner, a live clock) (ours). */
export const TICK_MS = 100;

/** What the screen asks of its owner: the person's intents. */
export interface ChatScreenActions {
  /** A submitted draft (a prompt or a slash command). */
  submit(text: string): void;
  /** Ctrl+C while a turn runs. */
  abort(): void;
  /** The person leaves (Ctrl+C twice, Ctrl+D on an empty box). */
  exit(): void;
}

/**
 * The whole chat screen, exactly the terminal's height: the scrollable transcript viewport (with
 * the start screen while it is empty, and transient notice rows after it), the pinned-cards
 * panel, the status bar, and the prompt box or the dialog that holds the keys. It owns the keys:
 * Ctrl+C (stop the turn, then quit), PageUp/PageDown and the wheel (scroll), Ctrl+O (expand answer
 * records), End (back to the newest); everything else goes to the dialog or the prompt box.
 */
export class ChatScreen implements Component, Focusable {
  readonly editor: PromptEditor;
  readonly box: PromptBoxController;
  readonly autocomplete: PromptAutocomplete;
  readonly view: TranscriptView;
  #dialog: ActiveDialog | undefined;
  #notice: Notice | undefined;
  #hint: string | undefined;
  #exitArmed = false;
  #expandAnswers = false;
  readonly #ticker: Ticker;
  #focused = false;

  constructor(
    readonly tui: TUI,
    readonly session: ChatSession,
    readonly actions: ChatScreenActions,
    readonly clock: () => number = Date.now,
    readonly baseUrl: string = "",
    chains: PromptBoxChains = NO_BOX_CHAINS,
    basePath: string = process.cwd(),
  ) {
    this.editor = new PromptEditor(tui);
    this.autocomplete = new PromptAutocomplete(chains, basePath);
    this.editor.setAutocompleteProvider(this.autocomplete);
    this.box = new PromptBoxController(
      this.editor,
      chains,
      {
        dialogOpen: () => this.#dialog !== undefined,
        turnRunning: () => this.session.activity.running !== undefined,
      },
      () => this.refresh(),
    );
    this.editor.onSubmitText = (text) => {
      if (text.trim() === "") return;
      this.editor.addToHistory(text);
      this.view.toBottom();
      this.actions.submit(text);
    };
    this.view = new TranscriptView(session.transcript);
    this.#ticker = new Ticker(TICK_MS, () => this.tui.requestRender());
  }

  get focused(): boolean {
    return this.#focused;
  }
  set focused(value: boolean) {
    this.#focused = value;
    this.editor.focused = value && this.#dialog === undefined;
    if (this.#dialog?.kind !== "picker" && this.#dialog) this.#dialog.component.focused = value;
  }

  /** The dialog holding the keys, if any. */
  get dialog(): ActiveDialog | undefined {
    return this.#dialog;
  }

  /** Shows a dialog in place of the prompt box (or clears it). */
  setDialog(dialog: ActiveDialog | undefined): void {
    this.#dialog = dialog;
    this.focused = this.#focused;
    this.refresh();
  }

  /** Puts a draft back in the box when it is empty (a message that was not sent), caret at its end. */
  restoreDraft(text: string): void {
    if (this.editor.getText() !== "") return;
    this.editor.setBox({ text, cursor: text.length });
    this.editor.onBoxChange?.({ kind: "change", origin: "engine", after: this.editor.box });
    this.refresh();
  }

  /** The transient notice, if any. */
  get notice(): Notice | undefined {
    return this.#notice;
  }

  /** Shows a transient notice (never history); the viewport scrolls so that its first row shows. */
  showNotice(notice: Notice | undefined): void {
    this.#notice = notice;
    if (notice) this.view.revealTransient();
    this.refresh();
  }

  /** Redraws soon, and keeps ticking while something on screen moves. */
  refresh(): void {
    this.commands();
    const moving =
      this.session.activity.running !== undefined ||
      this.session.transcript.pending !== undefined ||
      cardsTick(this.session.cards.values()) ||
      // A question or permission prompt counts down to its expiry.
      this.#dialog?.kind === "question" ||
      this.#dialog?.kind === "permission" ||
      this.#liveRows();
    this.#ticker.set(moving);
    this.tui.requestRender();
  }

  /** Stops the ticker. */
  dispose(): void {
    this.#ticker.stop();
  }

  /** Hands the catalog's commands to the completion menu when it changed. */
  commands(): void {
    if (this.#catalog === this.session.catalogGeneration) return;
    this.#catalog = this.session.catalogGeneration;
    this.autocomplete.setCommands(this.session.commands);
    this.editor.refreshCompletions();
  }
  #catalog = -1;

  invalidate(): void {
    this.view.invalidate();
    this.editor.invalidate();
  }

  render(width: number): string[] {
    const height = Math.max(1, this.tui.terminal.rows);
    const now = this.clock();
    const spinner = SPINNER_FRAMES[Math.floor(now / TICK_MS) % SPINNER_FRAMES.length] ?? "•";
    const dialog = this.#dialog?.component;
    // A dialog keeps a row for the status bar and one for the transcript.
    if (dialog && "maxRows" in dialog) dialog.maxRows = Math.max(1, height - 2);
    const composer = dialog ? dialog.render(width) : this.editor.render(width);
    const room = Math.max(0, height - composer.length - 2);
    const cards = cardsPanelLines(
      this.session.cards.values(),
      width,
      Math.min(Math.floor(height * CARD_PANEL_MAX_SHARE), room),
      now,
      spinner,
    );
    // The bottom keeps the composer whole; the viewport keeps at least one row.
    const below = [...cards, "", ...composer].slice(-Math.max(1, height - 1));
    const context: RenderContext = {
      now,
      spinner,
      expandAnswers: this.#expandAnswers,
      attachmentUrl: (hash) =>
        `${this.baseUrl}/sessions/${this.session.id ?? ""}/attachments/${hash}`,
    };
    const start = this.session.transcript.empty ? startScreenLines(this.session, width) : [];
    const notice = this.#notice ? noticeLines(this.#notice, width) : [];
    const head = this.session.historyTruncated
      ? prefixed(
          dim(
            `Older entries of this session are not shown: a reload reads the newest ${HISTORY_LOAD_MAX.toLocaleString("en-US")}.`,
          ),
          width,
          "  ",
        )
      : [];
    const viewport = this.view.render(width, height - below.length, context, start, notice, head);
    const statusAt = below.length - composer.length - 1;
    if (statusAt >= 0) below[statusAt] = this.#statusLine(width, now, spinner);
    return [...viewport, ...below];
  }

  #statusLine(width: number, now: number, spinner: string): string {
    const running = this.session.activity.running;
    const asking = this.#dialog?.kind === "question" || this.#dialog?.kind === "permission";
    const sending = this.session.transcript.pending;
    return statusBarLine(
      {
        ...(running
          ? {
              activity: {
                label: asking ? "Waiting for your answer…" : this.session.activity.label(),
                startedAt: running.startedAt,
              },
            }
          : sending
            ? { activity: { label: "Sending…", startedAt: sending.since } }
            : {}),
        ...(this.session.model ? { model: this.session.model } : {}),
        ...(this.session.session?.title ? { sessionTitle: this.session.session.title } : {}),
        connection: this.session.ready ? this.session.connection : "connecting",
        viewport: this.view.viewport,
        ...(this.#hint ? { hint: this.#hint } : {}),
      },
      width,
      now,
      spinner,
    );
  }

  handleInput(data: string): void {
    if (mouseButton(data) !== undefined) {
      this.view.scrollBy(wheelLines(data) ?? 0);
      this.refresh();
      return;
    }
    if (matchesKey(data, "ctrl+c")) {
      this.#interrupt();
      return;
    }
    if (this.#exitArmed) {
      this.#exitArmed = false;
      this.#hint = undefined;
    }
    const page = Math.max(1, this.tui.terminal.rows - 6);
    if (matchesKey(data, "pageUp")) this.view.scrollBy(page);
    else if (matchesKey(data, "pageDown")) this.view.scrollBy(-page);
    else if (matchesKey(data, "ctrl+o")) {
      this.#expandAnswers = !this.#expandAnswers;
      this.view.invalidate();
    } else if (
      matchesKey(data, "ctrl+end") ||
      (matchesKey(data, "end") && this.view.scrollOffset > 0 && this.editor.getText() === "")
    )
      this.view.toBottom();
    else if (matchesKey(data, "ctrl+d") && !this.#dialog && this.editor.getText() === "") {
      this.actions.exit();
      return;
    } else if (this.#dialog) this.#dialog.component.handleInput(data);
    else {
      if (matchesKey(data, "escape") && this.#notice && !this.editor.isShowingAutocomplete())
        this.#notice = undefined;
      this.box.input(data);
    }
    this.refresh();
  }

  #interrupt(): void {
    if (this.#exitArmed) {
      this.actions.exit();
      return;
    }
    this.#exitArmed = true;
    if (this.session.activity.running) {
      this.actions.abort();
      this.#hint = "Stopping the turn · ctrl+c again quits";
    } else {
      if (this.#dialog?.kind === "picker" || this.#dialog?.kind === "secret")
        this.setDialog(undefined);
      this.editor.clear();
      this.#hint = "Press ctrl+c again to quit";
    }
    this.refresh();
  }

  #liveRows(): boolean {
    const running = this.session.activity.running;
    if (!running) return false;
    const rows = this.session.transcript.turnRows(running.turnId);
    return (
      rows.floating.length > 0 ||
      [...rows.byCall.values()].some((list) => list.some((row) => row.status === "running"))
    );
  }
}
