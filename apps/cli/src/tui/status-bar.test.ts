import { describe, expect, test } from "vitest";
import { statusBarLine } from "./status-bar.js";

/** The bar as text: what a person reads, without its styles. */
const strip = (text: string) =>
  text
    .split("\u001b")
    .map((part, i) => (i === 0 ? part : part.replace(/^\[[0-9;]*m/, "")))
    .join("");
const base = { connection: "connected" as const, viewport: { moreAbove: false, linesBelow: 0 } };

describe("statusBarLine", () => {
  test("marks a model the offline model when its label does not say so already", () => {
    expect(
      strip(statusBarLine({ ...base, model: { label: "Local", offline: true } }, 80, 0, "⠋")),
    ).toMatch(/Local \(offline\)$/);
    expect(
      strip(
        statusBarLine({ ...base, model: { label: "Offline model", offline: true } }, 80, 0, "⠋"),
      ),
    ).toMatch(/ Offline model$/);
  });

  test("says the live events stopped, and how to reopen a session, once the daemon refused the stream", () => {
    expect(strip(statusBarLine({ ...base, connection: "offline" }, 80, 0, "⠋")).trimEnd()).toBe(
      "live events stopped · /sessions reopens a session",
    );
  });

  test("at 80 columns the session's name stays: the model's label gives way first", () => {
    const line = strip(
      statusBarLine(
        {
          ...base,
          model: { label: "Offline model (no provider configured)", offline: true },
          sessionTitle: "Plan the trip to Oslo and Bergen",
        },
        80,
        0,
        "⠋",
      ),
    );
    expect(line).toMatch(/ Plan the trip to Oslo and Bergen$/);
    expect(line).not.toContain("Offline model");
    expect(line.length).toBe(80);
  });

  test("keeps the history indicator when the bar is too narrow for the model and the session", () => {
    const line = strip(
      statusBarLine(
        {
          ...base,
          model: { label: "claude-sonnet", offline: false },
          sessionTitle: "A long session title",
          viewport: { moreAbove: true, linesBelow: 12 },
        },
        50,
        0,
        "⠋",
      ),
    );
    expect(line).toContain("↓ 12 lines below · pgdn");
    expect(line).not.toContain("A long session title");
    expect([...line].length).toBeLessThanOrEqual(50);
  });

  test("shows the running turn's label and its elapsed time beside the spinner", () => {
    const line = strip(
      statusBarLine(
        { ...base, activity: { label: "Running tools…", startedAt: 1_000 } },
        80,
        63_500,
        "⠹",
      ),
    );
    expect(line).toMatch(/^⠹ Running tools… · 1m 02s · ctrl\+c stops/);
  });
});
