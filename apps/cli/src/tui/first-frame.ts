import { bold, dim, palette } from "./style.js";

/** The keys line of the start screen, drawn from the first frame on. */
export const START_KEYS =
  "Type a message and press Enter. / lists commands · PgUp/PgDn scroll · ctrl+o expands answers · ctrl+c stops a turn, twice quits";

/** What the start screen says while the session is being opened. */
export const OPENING = "Opening the session…";

/** Enters the alternate screen, clears it and homes the cursor (the chat's full-screen terminal). */
export const ENTER_SCREEN = "\x1b[?1049h\x1b[2J\x1b[H";
/** Leaves the alternate screen: the shell's screen comes back. */
export const LEAVE_SCREEN = "\x1b[?1049l";

/** The first frame on the screen, until the chat's own terminal takes it over. */
export interface FirstFrame {
  /** Puts the shell's screen back (the chat did not start: an error is printed next). */
  leave(): void;
}

/**
 * Draws the chat's start screen at once, before the terminal toolkit, the client and the session
 * are loaded: the same header, "Opening the session…" and keys line the chat draws until its
 * session is open. Imports nothing but the colours, so it is on screen within a process start.
 */
export function drawFirstFrame(write: (text: string) => void, columns: number): FirstFrame {
  const width = Math.max(20, columns) - 2;
  const lines = [
    `  ${bold(palette.accent("Elowen"))}`,
    "",
    ...wrap(OPENING, width).map((line) => `  ${dim(line)}`),
    ...wrap(START_KEYS, width).map((line) => `  ${dim(line)}`),
  ];
  write(`${ENTER_SCREEN}${lines.join("\r\n")}\r\n`);
  let left = false;
  return {
    leave() {
      if (left) return;
      left = true;
      write(LEAVE_SCREEN);
    },
  };
}

/** Word wrap of plain text to `width` columns (the frame's text is single-width). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  if (line !== "") lines.push(line);
  return lines;
}
