import type { PickerDescriptor } from "@elowen/plugin-api/commands";
import { type Component, matchesKey, SelectList, truncateToWidth } from "@mariozechner/pi-tui";
import { bold, dim } from "../tui/style.js";
import { selectListTheme } from "../tui/theme.js";

/** The most picker rows shown at once; the list scrolls past it (ours). */
export const PICKER_VISIBLE_ROWS = 10;

/**
 * A picker command's descriptor (its `cliPicker` render), drawn locally: no model turn. Enter
 * runs the row's `select` action; each key of the descriptor's `keys` runs that action on the
 * selected row; Escape closes. `generation` counts renders of this picker: an action answered for
 * an older generation is stale (it must not open a browser).
 */
export class PickerDialog implements Component {
  readonly command: string;
  readonly generation: number;
  readonly #descriptor: PickerDescriptor;
  readonly #list: SelectList;
  readonly #disabled: ReadonlySet<string>;
  /** Runs an action on a row. */
  onAction?: (itemId: string, action: string) => void;
  /** Closes the picker. */
  onClose?: () => void;
  /** A line under the title while an action runs. */
  busy = false;

  constructor(command: string, descriptor: PickerDescriptor, generation: number) {
    this.command = command;
    this.generation = generation;
    this.#descriptor = descriptor;
    this.#disabled = new Set(
      descriptor.items.filter((item) => item.disabled).map((item) => item.id),
    );
    this.#list = new SelectList(
      descriptor.items.map((item) => ({
        value: item.id,
        label: item.disabled ? dim(item.label) : item.label,
        ...(item.description || item.hint || item.disabled
          ? {
              description: [
                item.description,
                item.hint ? `[${item.hint}]` : undefined,
                item.disabled ? "(unavailable)" : undefined,
              ]
                .filter(Boolean)
                .join(" "),
            }
          : {}),
      })),
      PICKER_VISIBLE_ROWS,
      selectListTheme,
    );
    this.#list.onSelect = (item) => this.#act(item.value, "select");
    this.#list.onCancel = () => this.onClose?.();
  }

  invalidate(): void {
    this.#list.invalidate();
  }

  render(width: number): string[] {
    const lines = [
      truncateToWidth(
        `${bold(this.#descriptor.title)}${this.busy ? dim("  working…") : ""}`,
        width,
        "…",
      ),
    ];
    if (this.#descriptor.items.length === 0)
      lines.push(
        truncateToWidth(dim(`  ${this.#descriptor.emptyText ?? "Nothing to pick."}`), width, "…"),
      );
    else lines.push(...this.#list.render(width));
    const keys = Object.entries(this.#descriptor.keys ?? {}).map(
      ([key, label]) => `${key} ${label}`,
    );
    lines.push(
      dim(
        truncateToWidth(
          [
            "↑↓ move",
            ...(this.#descriptor.items.length > 0 ? ["enter select"] : []),
            ...keys,
            "esc close",
          ].join(" · "),
          width,
          "…",
        ),
      ),
    );
    return lines;
  }

  handleInput(data: string): void {
    if (matchesKey(data, "escape")) {
      this.onClose?.();
      return;
    }
    const keys = this.#descriptor.keys ?? {};
    if (/^[a-z]$/.test(data) && Object.hasOwn(keys, data)) {
      const selected = this.#list.getSelectedItem();
      if (selected) this.#act(selected.value, data);
      return;
    }
    if (this.#descriptor.items.length > 0) this.#list.handleInput(data);
  }

  #act(itemId: string, action: string): void {
    if (this.busy || this.#disabled.has(itemId)) return;
    this.onAction?.(itemId, action);
  }
}
