/** The longest title a session gets from its first message, in characters (ours). */
export const FIRST_MESSAGE_TITLE_MAX = 60;

/**
 * The title an untitled session takes from its first message: the first line with text, its
 * whitespace collapsed, cut at a word to at most {@link FIRST_MESSAGE_TITLE_MAX} characters with
 * an ellipsis. Undefined for a message with no text to name it by.
 */
export function titleFromMessage(text: string): string | undefined {
  const line = text
    .split("\n")
    .map((l) => l.replace(/\s+/g, " ").trim())
    .find((l) => l !== "");
  if (line === undefined) return undefined;
  const chars = [...line];
  if (chars.length <= FIRST_MESSAGE_TITLE_MAX) return line;
  const cut = chars.slice(0, FIRST_MESSAGE_TITLE_MAX - 1).join("");
  const atWord = cut.replace(/\s+\S*$/, "");
  return `${atWord.length >= FIRST_MESSAGE_TITLE_MAX / 2 ? atWord : cut}…`;
}
