import { TUI } from "@mariozechner/pi-tui";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { VirtualTerminal } from "../../test/support/virtual-terminal.js";
import { editorInternals, layoutOffsets, offsetOf, positionOf } from "./editor-internals.js";
import { PromptEditor } from "./prompt-editor.js";

describe("editor internals", () => {
  test("are present on pi-tui's Editor, so a renamed member fails at once instead of drawing wrongly", () => {
    const editor = new PromptEditor(new TUI(new VirtualTerminal(40, 10)));
    expect(() => editorInternals(editor)).not.toThrow();
    expect(() => editorInternals({} as never)).toThrow(/pi-tui 0\.73\.1/);
  });

  test("offsetOf and positionOf are inverse on every position of a draft", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ maxLength: 12 }).map((s) => s.replace(/\n/g, "")),
          { minLength: 1, maxLength: 5 },
        ),
        (lines) => {
          const text = lines.join("\n");
          for (let offset = 0; offset <= text.length; offset += 1) {
            const at = positionOf(lines, offset);
            expect(offsetOf(lines, at.line, at.col)).toBe(offset);
          }
        },
      ),
    );
  });

  test("layoutOffsets places each row of pi-tui's own wrapping where its text is in the draft", () => {
    const words = fc.constantFrom(
      "a",
      "bb",
      "ccc",
      "dddddddddddddddddddddddddddddd",
      " ",
      "  ",
      "é",
      "日本",
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.array(words, { maxLength: 12 }).map((w) => w.join("")),
          { minLength: 1, maxLength: 4 },
        ),
        fc.integer({ min: 5, max: 30 }),
        (lines, width) => {
          const editor = new PromptEditor(new TUI(new VirtualTerminal(80, 24)));
          editor.setText(lines.join("\n"));
          const internals = editorInternals(editor);
          const layout = internals.layoutText(width);
          const offsets = layoutOffsets(internals.state.lines, layout);
          const text = internals.state.lines.join("\n");
          expect(offsets).toHaveLength(layout.length);
          for (const [i, row] of layout.entries())
            expect(text.slice(offsets[i], (offsets[i] ?? 0) + row.text.length)).toBe(row.text);
        },
      ),
      { numRuns: 200 },
    );
  });
});
