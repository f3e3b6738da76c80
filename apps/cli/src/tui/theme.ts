import type { EditorTheme, MarkdownTheme, SelectListTheme } from "@mariozechner/pi-tui";
import { bold, dim, fg, inverse, italic, palette, strikethrough, underline } from "./style.js";

/** How Markdown in messages is drawn. */
export const markdownTheme: MarkdownTheme = {
  heading: (text) => bold(fg("cyan")(text)),
  link: (text) => palette.link(text),
  linkUrl: (text) => dim(text),
  code: (text) => fg("yellow")(text),
  codeBlock: (text) => text,
  codeBlockBorder: (text) => dim(text),
  quote: (text) => italic(text),
  quoteBorder: (text) => dim(text),
  hr: (text) => dim(text),
  listBullet: (text) => fg("cyan")(text),
  bold: (text) => bold(text),
  italic: (text) => italic(text),
  strikethrough: (text) => strikethrough(text),
  underline: (text) => underline(text),
};

/** How lists (the completion menu, pickers) are drawn. */
export const selectListTheme: SelectListTheme = {
  selectedPrefix: (text) => fg("cyan")(text),
  selectedText: (text) => bold(text),
  description: (text) => dim(text),
  scrollInfo: (text) => dim(text),
  noMatch: (text) => dim(text),
};

/** How the prompt box is drawn. */
export const editorTheme: EditorTheme = {
  borderColor: (text) => fg("gray")(text),
  selectList: selectListTheme,
};

/** The selected row of a dialog. */
export const selectedRow = (text: string): string => inverse(text);
