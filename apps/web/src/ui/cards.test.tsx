// @vitest-environment happy-dom
import { BrainCardSchema } from "@elowen/plugin-api/cards";
import { act, cleanup } from "@testing-library/preact";
import { afterEach, describe, expect, test } from "vitest";
import { ManualClock, renderWith } from "../../test/render.js";
import { Cards } from "./cards.js";

afterEach(cleanup);

const cards = [
  { id: "notes", text: "Remember the release notes." },
  {
    id: "todo",
    title: "Todo (1/3)",
    pinned: true,
    tone: "info",
    items: [
      { id: "1", text: "Read the issue", status: "completed", durationMs: 61_000 },
      { id: "2", text: "Write the plugin", status: "running", startedAt: 995_000 },
      { id: "3", text: "Ship it", status: "pending" },
      { id: "4", text: "Old card row", status: "completed" },
      { id: "5", text: "Broke", status: "failed", durationMs: 999 },
    ],
  },
].map((card) => BrainCardSchema.parse(card));

describe("Cards", () => {
  test("renders every card, pinned ones first and marked, the others too", () => {
    const { container } = renderWith(<Cards cards={cards} />);
    const drawn = [...container.querySelectorAll<HTMLElement>("article.card")];
    expect(drawn.map((c) => c.dataset.cardId)).toEqual(["todo", "notes"]);
    expect(drawn[0]?.querySelector("h3")?.textContent).toBe("Pinned Todo (1/3)");
    expect(drawn[1]?.getAttribute("aria-label")).toBe("Card");
    expect(drawn[1]?.textContent).toBe("Remember the release notes.");
  });

  test("counts a running item's time locally from startedAt, shows a completed one's durationMs, and no clock without timing", () => {
    const clock = new ManualClock(1_000_000);
    const { container } = renderWith(<Cards cards={cards} />, { clock });
    const durations = () =>
      [...container.querySelectorAll(".card-item")].map(
        (item) => item.querySelector(".duration")?.textContent ?? null,
      );
    expect(durations()).toEqual(["took 1m 01s", "running for 5.0s", null, null, "took 999ms"]);
    act(() => clock.advance(55_000));
    expect(durations()).toEqual(["took 1m 01s", "running for 1m 00s", null, null, "took 999ms"]);
    expect(clock.listeners).toBe(1);
  });

  test("labels each item's state for assistive technology", () => {
    const { container } = renderWith(<Cards cards={cards} />);
    expect(
      [...container.querySelectorAll(".card-item .status")].map((s) =>
        s.getAttribute("aria-label"),
      ),
    ).toEqual(["completed", "running", "pending", "completed", "failed"]);
  });

  test("draws nothing when the session has no cards", () => {
    const { container } = renderWith(<Cards cards={[]} />);
    expect(container.innerHTML).toBe("");
  });
});
