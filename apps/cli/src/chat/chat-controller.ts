import { errorMessage } from "@elowen/plugin-shared/errors";
import { isNetworkError } from "../cli/cli-error.js";
import type { ChatScreen } from "../tui/chat-screen.js";
import { runBuiltin } from "./builtins.js";
import type { ChatSession } from "./chat-session.js";
import { permissionDialog, questionDialog } from "./dialogs.js";
import { PickerFlow, type UrlOpener } from "./picker-flow.js";
import { parseSlash, routeSlash } from "./slash.js";

/**
 * The chat's behaviour between the screen and the session: what a submitted draft does (a turn,
 * a builtin, a picker), Ctrl+C, and which question or permission prompt holds the keys.
 */
export class ChatController {
  readonly pickers: PickerFlow;
  #stashedPicker: ChatScreen["dialog"];
  /** An unknown `/name` draft the person was asked about: submitting it again sends it. */
  #askedUnknown: string | undefined;

  constructor(
    readonly session: ChatSession,
    readonly screen: ChatScreen,
    opener: UrlOpener,
    readonly local: {
      readonly home?: string;
      readonly env?: Readonly<Record<string, string | undefined>>;
    } = {},
  ) {
    this.pickers = new PickerFlow(session, screen, opener);
  }

  /**
   * A submitted draft: a slash command runs here when it is a builtin or a picker, else it is a
   * turn. A draft submitted before the session has opened waits for it (the command catalog is
   * not read yet). A `/name` the catalog does not list but that begins a command runs that
   * command, as Enter on the completion menu's first row would: `/sess` typed and sent faster than
   * the menu opened runs /sessions.
   */
  submit(text: string): void {
    if (!this.session.ready) {
      void this.session.whenReady().then(() => this.submit(text));
      return;
    }
    this.#route(this.#completed(text));
  }

  #route(text: string): void {
    const slash = parseSlash(text);
    const route = slash ? routeSlash(slash, this.session.commands) : { kind: "turn" as const };
    const failed = (error: unknown) =>
      this.screen.showNotice({ level: "error", text: this.#failureText(error) });
    switch (route.kind) {
      case "builtin":
        void runBuiltin(route.command, slash?.args ?? "", {
          session: this.session,
          screen: this.screen,
          pickers: this.pickers,
          ...this.local,
        }).catch(failed);
        return;
      case "picker":
        void this.pickers.open(route.command, slash?.args ?? "").catch(failed);
        return;
      case "no-cli-picker":
        this.screen.showNotice({
          level: "warning",
          text: `/${route.command.name} has no terminal picker; use it in the web client.`,
        });
        return;
      case "turn": {
        if (slash && !this.#known(slash.name) && this.#askedUnknown !== text) {
          this.#askedUnknown = text;
          this.screen.restoreDraft(text);
          this.screen.showNotice({
            level: "warning",
            text: `/${slash.name} is not a command. Press Enter again to send it to the model as a message, or edit it (/help lists the commands).`,
          });
          return;
        }
        this.#askedUnknown = undefined;
        this.screen.showNotice(undefined);
        // A message that could not be sent stays in the box, with the reason.
        void this.session.submit(text).catch((error: unknown) => {
          this.screen.restoreDraft(text);
          failed(error);
        });
      }
    }
  }

  /** A `/name` that only begins a command, completed to the first command it begins (the menu's first row). */
  #completed(text: string): string {
    const slash = parseSlash(text);
    if (!slash || this.#known(slash.name)) return text;
    const completed = this.session.commands.find((c) => c.name.startsWith(slash.name));
    if (!completed) return text;
    const rest = text.trimStart().slice(1 + slash.name.length);
    return `/${completed.name}${rest}`;
  }

  #known(name: string): boolean {
    return this.session.commands.some((c) => c.name === name);
  }

  /** A failure in words: a daemon that does not answer is named with its address. */
  #failureText(error: unknown): string {
    if (isNetworkError(error))
      return `the daemon at ${this.session.client.url("").replace(/\/+$/, "")} is not answering; your message is still in the box.`;
    return errorMessage(error);
  }

  /** Ctrl+C while a turn runs: end it. */
  abort(): void {
    void this.session
      .abort()
      .catch((error: unknown) =>
        this.screen.showNotice({ level: "error", text: errorMessage(error) }),
      );
  }

  /** Keeps the dialog in step with the session: an open question or permission prompt holds the keys (a picker waits behind it). */
  syncDialogs(): void {
    const current = this.screen.dialog;
    if (current && (current.kind === "question" || current.kind === "permission")) {
      const open =
        current.kind === "question"
          ? this.session.questions.has(current.id)
          : this.session.permissions.has(current.id);
      if (open) return;
      this.screen.setDialog(this.#stashedPicker);
      this.#stashedPicker = undefined;
    }
    const permission = this.session.permissions.values().next().value;
    const question = this.session.questions.values().next().value;
    if (!permission && !question) return;
    if (this.screen.dialog?.kind === "picker" || this.screen.dialog?.kind === "secret")
      this.#stashedPicker = this.screen.dialog;
    if (permission) {
      const dialog = permissionDialog(permission, this.screen.clock);
      dialog.onDone = ([answer]) => {
        const outcome = answer?.selected[0];
        if (outcome === "once" || outcome === "always" || outcome === "deny")
          void this.session
            .decide(permission.permissionId, outcome)
            .catch((error: unknown) =>
              this.screen.showNotice({ level: "error", text: errorMessage(error) }),
            );
      };
      this.screen.setDialog({ kind: "permission", id: permission.permissionId, component: dialog });
      return;
    }
    if (question) {
      const dialog = questionDialog(question, this.screen.clock);
      dialog.onDone = (answers) =>
        void this.session
          .answer(question.questionId, answers)
          .catch((error: unknown) =>
            this.screen.showNotice({ level: "error", text: errorMessage(error) }),
          );
      this.screen.setDialog({ kind: "question", id: question.questionId, component: dialog });
    }
  }
}
