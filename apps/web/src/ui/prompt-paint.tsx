import type { PromptDecoration } from "@elowen/plugin-api/prompt-box";
import { type DecorationStyle, styleAt } from "@elowen/wire/prompt-box";
import type { JSX } from "preact";

/** One run of the draft painted in one style. */
export interface PaintedRun {
  readonly text: string;
  readonly style: DecorationStyle;
}

/**
 * The draft cut into runs at every decoration boundary, each with the style painted there (later
 * entries win per key). `virtualText` is not drawn: the web is a remote surface.
 */
export function paintedRuns(text: string, decorations: readonly PromptDecoration[]): PaintedRun[] {
  const cuts = new Set([0, text.length]);
  for (const d of decorations) {
    cuts.add(Math.min(text.length, Math.max(0, d.start)));
    cuts.add(Math.min(text.length, Math.max(0, d.end)));
  }
  const marks = [...cuts].sort((a, b) => a - b);
  const runs: PaintedRun[] = [];
  for (let i = 0; i + 1 < marks.length; i += 1) {
    const start = marks[i] as number;
    const end = marks[i + 1] as number;
    if (end > start)
      runs.push({ text: text.slice(start, end), style: styleAt(start, decorations) });
  }
  return runs;
}

function classOf(style: DecorationStyle): string {
  return [
    style.bold ? "b" : "",
    style.italic ? "i" : "",
    style.dimColor ? "d" : "",
    style.underline ? "u" : "",
    style.strikethrough ? "s" : "",
  ]
    .filter(Boolean)
    .join(" ");
}

function inlineOf(style: DecorationStyle): JSX.CSSProperties {
  return {
    ...(style.color ? { color: style.color } : {}),
    ...(style.backgroundColor ? { backgroundColor: style.backgroundColor } : {}),
  };
}

/**
 * The decorations of the prompt box, painted over its text area: the same text in the same box
 * metrics, each run styled, never taking a click (the text area under it keeps the caret, the
 * selection and the keys). Hidden from assistive technology, which reads the text area.
 */
export function PromptPaint(props: {
  readonly text: string;
  readonly decorations: readonly PromptDecoration[];
  readonly scrollTop: number;
}) {
  return (
    <div
      class="prompt-paint"
      aria-hidden="true"
      ref={(el) => {
        if (el) el.scrollTop = props.scrollTop;
      }}
    >
      {paintedRuns(props.text, props.decorations).map((run, i) => (
        <span key={i} class={classOf(run.style) || undefined} style={inlineOf(run.style)}>
          {run.text}
        </span>
      ))}
      {/* A last empty line still takes its height, as in the text area. */}
      {"\u200b"}
    </div>
  );
}
