import { errorMessage } from "@elowen/plugin-shared/errors";
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

  constructor(
    readonly session: ChatSession,
    readonly screen: ChatScreen,
    opener: UrlOpener,
  ) {
    this.pickers = new PickerFlow(session, screen, opener);
  }

  /** A submitted draft: a slash command runs here when it is a builtin or a picker, else it is a turn. */
  submit(text: string): void {
    const slash = parseSlash(text);
    const route = slash ? routeSlash(slash, this.session.commands) : { kind: "turn" as const };
    const failed = (error: unknown) =>
      this.screen.showNotice({ level: "error", text: errorMessage(error) });
    switch (route.kind) {
      case "builtin":
        void runBuiltin(route.command, slash?.args ?? "", {
          session: this.session,
          screen: this.screen,
          pickers: this.pickers,
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
      case "turn":
        this.screen.showNotice(undefined);
        void this.session.submit(text).catch(failed);
    }
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
    if (current && current.kind !== "picker") {
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
    if (this.screen.dialog?.kind === "picker") this.#stashedPicker = this.screen.dialog;
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
