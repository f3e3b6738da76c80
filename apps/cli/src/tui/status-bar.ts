import { formatDuration } from "@elowen/plugin-shared/duration";
import { truncateToWidth, visibleWidth } from "@mariozechner/pi-tui";
import { dim, palette } from "./style.js";
import type { ViewportState } from "./transcript-view.js";

/** What the status bar shows. */
export interface StatusBarState {
  /** The spinner's label while a turn runs; undefined when idle. */
  readonly activity?: { readonly label: string; readonly startedAt: number };
  /** The model's label; offline models are marked. */
  readonly model?: { readonly label: string; readonly offline: boolean };
  readonly sessionTitle?: string;
  /**
   * The live events: `offline` once they stopped for good (the daemon refused the stream: a token
   * revoked, a session deleted); a dropped connection is retried without leaving `connected`.
   */
  readonly connection: "connected" | "connecting" | "offline";
  readonly viewport: ViewportState;
  /** A one-off hint (Ctrl+C again to exit). */
  readonly hint?: string;
}

/**
 * The one-line status bar under the cards: the spinner with what the turn is doing and its live
 * elapsed time on the left; the history indicator (never over notice rows, which live in the
 * viewport), the model and the session on the right.
 */
export function statusBarLine(
  state: StatusBarState,
  width: number,
  now: number,
  spinner: string,
): string {
  const left = state.hint
    ? palette.warning(state.hint)
    : state.activity
      ? `${palette.accent(spinner)} ${state.activity.label} ${dim(`· ${formatDuration(Math.max(0, now - state.activity.startedAt))} · ctrl+c stops`)}`
      : dim(
          state.connection === "connected"
            ? "enter sends · / commands · ctrl+c twice quits"
            : state.connection === "connecting"
              ? "connecting…"
              : "live events stopped · /sessions reopens a session",
        );
  const indicator =
    state.viewport.linesBelow > 0
      ? palette.warning(`↓ ${state.viewport.linesBelow} lines below · pgdn`)
      : state.viewport.moreAbove
        ? dim("↑ pgup for earlier")
        : undefined;
  const model = state.model
    ? state.model.offline
      ? palette.warning(
          /offline/i.test(state.model.label) ? state.model.label : `${state.model.label} (offline)`,
        )
      : dim(state.model.label)
    : undefined;
  const title = state.sessionTitle ? dim(state.sessionTitle) : undefined;
  // The history indicator goes last: the model, then the session title, give way first (at 80
  // columns the session's name stays).
  for (const parts of [[indicator, model, title], [indicator, title], [indicator]]) {
    const right = parts.filter((part): part is string => part !== undefined).join(dim(" · "));
    const room = width - visibleWidth(right) - 1;
    if (room < 12 && parts.length > 1) continue;
    if (room < 1) return truncateToWidth(right, width, "…");
    const shownLeft = truncateToWidth(left, room, "…");
    return `${shownLeft}${" ".repeat(Math.max(1, width - visibleWidth(shownLeft) - visibleWidth(right)))}${right}`;
  }
  return truncateToWidth(left, width, "…");
}
