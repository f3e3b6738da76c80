import { formatDuration } from "@elowen/plugin-shared/duration";
import {
  type Component,
  type Focusable,
  Input,
  Markdown,
  matchesKey,
  truncateToWidth,
} from "@mariozechner/pi-tui";
import { prefixed } from "../render/text-lines.js";
import { bold, dim, inverse, palette } from "../tui/style.js";
import { markdownTheme } from "../tui/theme.js";

/** The most rows an option's Markdown preview takes under the options; the rest is counted (ours). */
export const QUESTION_PREVIEW_MAX_LINES = 12;

/** One option of a question: `value` is what the answer posts (the label, never the recommendation). */
export interface Choice {
  readonly value: string;
  readonly label: string;
  readonly description?: string;
  readonly recommended?: boolean;
  /** Sanitized Markdown shown under the options while this option is highlighted (single-select). */
  readonly preview?: string;
}

/** One question of a dialog. */
export interface ChoiceQuestion {
  readonly header: string;
  readonly question: string;
  readonly choices: readonly Choice[];
  readonly multiSelect: boolean;
  /** Whether an "Other…" row takes typed text. */
  readonly allowOther: boolean;
}

/** What the person answered to one question: index-aligned with the questions. */
export interface ChoiceAnswer {
  readonly selected: readonly string[];
  readonly other?: string;
}

interface QuestionState {
  row: number;
  readonly picked: Set<string>;
  other: string | undefined;
}

/**
 * The interactive selector for questions and permission prompts: one question at a time, the
 * recommended option marked, multi-select with Space where asked, an "Other…" row for typed
 * text, the header clipped to the width (never the question), and the highlighted option's
 * Markdown preview under the options (at most {@link QUESTION_PREVIEW_MAX_LINES} rows and what
 * `maxRows` leaves, what is left out counted). Enter answers; the last answer calls `onDone` with
 * every answer, index-aligned.
 */
export class ChoiceDialog implements Component, Focusable {
  readonly #questions: readonly ChoiceQuestion[];
  readonly #states: QuestionState[];
  readonly #input = new Input();
  #index = 0;
  #typing = false;
  #done = false;
  /** Set by the TUI; passed to the text input while typing. */
  focused = false;
  /** Called once with every answer. */
  onDone?: (answers: readonly ChoiceAnswer[]) => void;
  /** A line under the title (who asks); the time left until `expiresAt` follows it. */
  subtitle: string | undefined;
  /** Epoch ms after which the daemon expires the question unanswered. */
  expiresAt: number | undefined;
  /** The clock the time left is counted on. */
  clock: () => number = Date.now;
  /** The most rows the dialog may take (the screen sets it); a preview shrinks to fit. */
  maxRows = Number.POSITIVE_INFINITY;

  constructor(questions: readonly ChoiceQuestion[]) {
    this.#questions = questions;
    this.#states = questions.map((q) => ({
      row: Math.max(
        0,
        q.choices.findIndex((c) => c.recommended),
      ),
      picked: new Set<string>(),
      other: undefined,
    }));
    this.#input.onSubmit = (value) => this.#submitOther(value);
    this.#input.onEscape = () => {
      this.#typing = false;
    };
  }

  invalidate(): void {}

  render(width: number): string[] {
    const question = this.#questions[this.#index];
    const state = this.#states[this.#index];
    if (!question || !state) return [];
    const count =
      this.#questions.length > 1 ? dim(` (${this.#index + 1}/${this.#questions.length})`) : "";
    const lines = [
      truncateToWidth(`${palette.accent("?")} ${bold(question.header)}${count}`, width, "…"),
    ];
    const subtitle = [this.subtitle, this.#timeLeft()].filter(Boolean).join(" · ");
    if (subtitle) lines.push(truncateToWidth(dim(subtitle), width, "…"));
    lines.push(...prefixed(question.question, width, "  "));
    const rows = this.#rowCount(question);
    for (let i = 0; i < rows; i += 1) {
      const cursor = i === state.row;
      const choice = question.choices[i];
      const mark = question.multiSelect
        ? (choice ? state.picked.has(choice.value) : state.other !== undefined)
          ? "[x]"
          : "[ ]"
        : cursor
          ? "●"
          : "○";
      const label = choice
        ? `${choice.label}${choice.recommended ? palette.success(" (recommended)") : ""}`
        : this.#otherLabel(state);
      const row = truncateToWidth(
        `${cursor ? palette.accent("›") : " "} ${mark} ${label}`,
        width,
        "…",
      );
      lines.push(cursor ? inverse(row) : row);
      if (choice?.description) lines.push(...prefixed(dim(choice.description), width, "      "));
    }
    const previewAt = lines.length;
    if (this.#typing) {
      this.#input.focused = this.focused;
      lines.push(...this.#input.render(Math.max(1, width - 4)).map((line) => `    ${line}`));
    }
    const keys = question.multiSelect
      ? "↑↓ move · space toggle · enter confirm"
      : "↑↓ move · enter choose";
    lines.push(
      dim(
        truncateToWidth(
          `${keys}${question.allowOther ? " · other: type your own" : ""}`,
          width,
          "…",
        ),
      ),
    );
    // The preview takes only the rows the screen has left, so the options are never pushed off.
    const preview = question.multiSelect ? undefined : question.choices[state.row]?.preview;
    const room = Math.min(QUESTION_PREVIEW_MAX_LINES, this.maxRows - lines.length - 2);
    if (preview !== undefined && preview.trim() !== "" && room > 0)
      lines.splice(previewAt, 0, ...previewLines(preview, width, room));
    return lines;
  }

  handleInput(data: string): void {
    if (this.#done) return;
    if (this.#typing) {
      this.#input.handleInput(data);
      return;
    }
    const question = this.#questions[this.#index];
    const state = this.#states[this.#index];
    if (!question || !state) return;
    const rows = this.#rowCount(question);
    if (matchesKey(data, "up")) state.row = (state.row + rows - 1) % rows;
    else if (matchesKey(data, "down") || matchesKey(data, "tab"))
      state.row = (state.row + 1) % rows;
    else if (/^[1-9]$/.test(data) && Number(data) <= rows) {
      state.row = Number(data) - 1;
      if (!question.multiSelect) this.#choose(question, state);
    } else if (matchesKey(data, "space") && question.multiSelect) this.#toggle(question, state);
    else if (matchesKey(data, "enter")) this.#choose(question, state);
  }

  #timeLeft(): string | undefined {
    if (this.expiresAt === undefined) return undefined;
    const left = this.expiresAt - this.clock();
    if (left <= 0) return "expiring…";
    return `expires in ${left < 60_000 ? `${Math.ceil(left / 1000)}s` : formatDuration(left)}`;
  }

  #rowCount(question: ChoiceQuestion): number {
    return question.choices.length + (question.allowOther ? 1 : 0);
  }

  #otherLabel(state: QuestionState): string {
    return state.other === undefined ? dim("Other… (type your own)") : `Other: ${state.other}`;
  }

  #toggle(question: ChoiceQuestion, state: QuestionState): void {
    const choice = question.choices[state.row];
    if (!choice) {
      if (state.other === undefined) this.#typing = true;
      else state.other = undefined;
      return;
    }
    if (state.picked.has(choice.value)) state.picked.delete(choice.value);
    else state.picked.add(choice.value);
  }

  #choose(question: ChoiceQuestion, state: QuestionState): void {
    const choice = question.choices[state.row];
    if (!choice) {
      this.#input.setValue(state.other ?? "");
      this.#typing = true;
      return;
    }
    if (question.multiSelect) {
      if (state.picked.size === 0 && state.other === undefined) state.picked.add(choice.value);
    } else {
      state.picked.clear();
      state.picked.add(choice.value);
      state.other = undefined;
    }
    this.#next();
  }

  #submitOther(value: string): void {
    const state = this.#states[this.#index];
    const question = this.#questions[this.#index];
    this.#typing = false;
    if (!state || !question || value.trim() === "") return;
    state.other = value.trim();
    if (!question.multiSelect) {
      state.picked.clear();
      this.#next();
    }
  }

  #next(): void {
    if (this.#index < this.#questions.length - 1) {
      this.#index += 1;
      return;
    }
    this.#done = true;
    this.onDone?.(
      this.#states.map((state, i) => {
        const order = this.#questions[i]?.choices.map((c) => c.value) ?? [];
        const selected = order.filter((value) => state.picked.has(value));
        return state.other === undefined ? { selected } : { selected, other: state.other };
      }),
    );
  }
}

/** An option's preview as Markdown between two rules, cut to `maxLines` rows with what is left out counted. */
function previewLines(preview: string, width: number, maxLines: number): string[] {
  const rendered = new Markdown(preview, 4, 0, markdownTheme).render(width);
  while (rendered.length > 0 && (rendered.at(-1) ?? "").trim() === "") rendered.pop();
  const rule = dim(truncateToWidth(`  ${"─".repeat(Math.max(0, width - 4))}`, width, ""));
  if (rendered.length <= maxLines) return [rule, ...rendered, rule];
  const kept = rendered.slice(0, maxLines - 1);
  const more = rendered.length - kept.length;
  return [rule, ...kept, dim(`    … ${more} more preview ${more === 1 ? "line" : "lines"}`), rule];
}
