import type { ChatSession } from "../chat/chat-session.js";
import { prefixed } from "../render/text-lines.js";
import { OPENING, START_KEYS } from "./first-frame.js";
import { bold, dim, palette } from "./style.js";

/** The empty start screen: what this is, which model answers, and the keys. */
export function startScreenLines(session: ChatSession, width: number): string[] {
  const lines = [
    `  ${bold(palette.accent("Elowen"))}${session.session?.title ? dim(`  ${session.session.title}`) : ""}`,
    "",
  ];
  // The frame is whole before the session is open: the keys line is there from the first draw.
  if (!session.ready)
    return [
      ...lines,
      ...prefixed(dim(OPENING), width, "  "),
      ...prefixed(dim(START_KEYS), width, "  "),
    ];
  if (session.model?.offline)
    lines.push(
      ...prefixed(
        palette.warning(
          "No model provider is configured: the built-in offline model answers. Set ELOWEN_MODEL_PROVIDER, ELOWEN_MODEL and the provider's key to use another.",
        ),
        width,
        "  ",
      ),
    );
  else if (session.model)
    lines.push(...prefixed(dim(`Model: ${session.model.label}`), width, "  "));
  lines.push(...prefixed(dim(START_KEYS), width, "  "));
  return lines;
}
