import type { PickerDescriptor } from "@elowen/plugin-api/commands";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { PickerDialog } from "../dialogs/picker-dialog.js";
import type { ChatScreen } from "../tui/chat-screen.js";
import type { CatalogCommand } from "./catalog-command.js";
import type { ChatSession } from "./chat-session.js";

/** How a picker action's URL reaches a browser. */
export interface UrlOpener {
  /** Why the opener cannot run here (over SSH, no display), or undefined. */
  readonly unavailable: string | undefined;
  readonly open: (url: string) => void;
}

/**
 * Picker commands on the terminal: rendered locally from their `cliPicker` descriptor (no model
 * turn), actions sent to the daemon. An action's `notice` shows beside its `openUrl`; the browser
 * opener runs once for that selection, and never for the initial render, for an answer to an
 * older picker generation (the picker was re-rendered or closed meanwhile), or for an expired
 * publication (the command catalog was read again since the picker was rendered, or no longer
 * offers the command).
 */
export class PickerFlow {
  #generation = 0;

  constructor(
    readonly session: ChatSession,
    readonly screen: ChatScreen,
    readonly opener: UrlOpener,
  ) {}

  /** Renders a daemon picker and shows it. */
  async open(command: CatalogCommand, args: string): Promise<void> {
    const generation = ++this.#generation;
    // The publication the picker is rendered from: an answer after the catalog was read again is
    // for an expired publication.
    const catalog = this.session.catalogGeneration;
    const sessionId = this.session.id;
    const descriptor = await this.session.client.renderPicker(command.name, {
      surface: "cli",
      args,
      ...(sessionId ? { sessionId } : {}),
    });
    if (generation !== this.#generation) return;
    this.#show(command, args, descriptor, generation, catalog);
  }

  /** Shows a picker built here (a builtin such as /sessions) with its own action. */
  openLocal(
    name: string,
    descriptor: PickerDescriptor,
    action: (itemId: string, key: string) => Promise<void> | void,
  ): void {
    const generation = ++this.#generation;
    const dialog = new PickerDialog(name, descriptor, generation);
    dialog.onClose = () => this.close(dialog);
    dialog.onAction = (itemId, key) => {
      this.close(dialog);
      void Promise.resolve(action(itemId, key)).catch((error: unknown) =>
        this.screen.showNotice({ level: "error", text: errorMessage(error) }),
      );
    };
    this.screen.setDialog({ kind: "picker", component: dialog });
  }

  /** Closes the picker (an answer still on its way is then for an older generation). */
  close(dialog?: PickerDialog): void {
    const current = this.screen.dialog;
    if (current?.kind !== "picker" || (dialog && current.component !== dialog)) return;
    this.#generation += 1;
    this.screen.setDialog(undefined);
  }

  #show(
    command: CatalogCommand,
    args: string,
    descriptor: PickerDescriptor,
    generation: number,
    catalog: number,
  ): void {
    const dialog = new PickerDialog(command.name, descriptor, generation);
    dialog.onClose = () => this.close(dialog);
    dialog.onAction = (itemId, action) =>
      void this.#act(command, args, dialog, itemId, action, catalog);
    this.screen.setDialog({ kind: "picker", component: dialog });
  }

  async #act(
    command: CatalogCommand,
    args: string,
    dialog: PickerDialog,
    itemId: string,
    action: string,
    catalog: number,
  ): Promise<void> {
    dialog.busy = true;
    this.screen.refresh();
    const sessionId = this.session.id;
    let result: Awaited<ReturnType<typeof this.session.client.pickerAction>>;
    try {
      result = await this.session.client.pickerAction(command.name, {
        surface: "cli",
        args,
        itemId,
        action,
        ...(sessionId ? { sessionId } : {}),
      });
    } catch (error) {
      dialog.busy = false;
      this.screen.showNotice({
        level: "error",
        text: `/${command.name}: ${errorMessage(error)}`,
      });
      return;
    }
    dialog.busy = false;
    const current =
      this.screen.dialog?.kind === "picker" &&
      this.screen.dialog.component === dialog &&
      dialog.generation === this.#generation;
    const published =
      catalog === this.session.catalogGeneration &&
      this.session.commands.some((c) => c.name === command.name);
    if (result.notice !== undefined || result.openUrl !== undefined) {
      const launch =
        result.openUrl !== undefined &&
        current &&
        published &&
        this.opener.unavailable === undefined;
      if (launch && result.openUrl) this.opener.open(result.openUrl);
      this.screen.showNotice({
        level: "info",
        text: result.notice ?? `/${command.name}`,
        ...(result.openUrl !== undefined ? { url: result.openUrl, opened: launch } : {}),
        ...(result.openUrl !== undefined && this.opener.unavailable !== undefined
          ? { unavailable: this.opener.unavailable }
          : {}),
      });
    }
    if (!current) return;
    if (command.cardAction === "task") this.close(dialog);
    else if (result.refresh) await this.open(command, args);
    else this.screen.refresh();
  }
}
