import { describe, expect, test } from "vitest";
import { FIRST_MESSAGE_TITLE_MAX, titleFromMessage } from "./first-message-title.js";

describe("a session's title from its first message", () => {
  test.each([
    ["How is the weather in Oslo?", "How is the weather in Oslo?"],
    ["\n\n  Plan   the\ttrip  \nsecond line", "Plan the trip"],
    ["   \n \t", undefined],
    ["", undefined],
  ])("%j titles the session %j", (text, title) => {
    expect(titleFromMessage(text)).toBe(title);
  });

  test("a line at the limit is kept whole; one past it is cut at a word with an ellipsis", () => {
    const exact = "a".repeat(FIRST_MESSAGE_TITLE_MAX);
    expect(titleFromMessage(exact)).toBe(exact);
    const words = `${"word ".repeat(12)}end`;
    const title = titleFromMessage(words) ?? "";
    expect([...title].length).toBeLessThanOrEqual(FIRST_MESSAGE_TITLE_MAX);
    expect(title).toMatch(/^word( word)+…$/);
    expect(titleFromMessage("b".repeat(FIRST_MESSAGE_TITLE_MAX + 1))).toBe(
      `${"b".repeat(FIRST_MESSAGE_TITLE_MAX - 1)}…`,
    );
  });
});
