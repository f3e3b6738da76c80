// @vitest-environment happy-dom
import { TURN_TEXT_MAX_CHARS } from "@elowen/wire";
import { fireEvent, screen, waitFor } from "@testing-library/preact";
import { describe, expect, test } from "vitest";
import { componentSuite, renderWith } from "../../test/render.js";
import { Composer } from "./composer.js";

const suite = componentSuite();

const box = () => screen.getByLabelText("Message") as HTMLTextAreaElement;
const type = (text: string) => fireEvent.input(box(), { target: { value: text } });

describe("Composer", () => {
  test.each([
    ["an empty prompt", "", "text: text is required"],
    ["a prompt of only whitespace", " \n\t ", "text: text cannot be only whitespace"],
    [
      "a prompt one past the limit",
      "x".repeat(TURN_TEXT_MAX_CHARS + 1),
      `text: text is at most ${TURN_TEXT_MAX_CHARS} characters`,
    ],
  ])("refuses %s with the rule it breaks, sending nothing", async (_label, text, message) => {
    renderWith(<Composer sessionId={suite.sessionId} running={false} />, {
      services: suite.services,
    });
    type(text);
    fireEvent.keyDown(box(), { key: "Enter" });
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(message));
    expect((await suite.services.client.sessions.history(suite.sessionId)).entries).toEqual([]);
  });

  test("sends a prompt at the limit with Enter and clears the box; Shift+Enter does not send", async () => {
    renderWith(<Composer sessionId={suite.sessionId} running={false} />, {
      services: suite.services,
    });
    type("x".repeat(TURN_TEXT_MAX_CHARS));
    fireEvent.keyDown(box(), { key: "Enter", shiftKey: true });
    expect(box().value).toHaveLength(TURN_TEXT_MAX_CHARS);
    fireEvent.keyDown(box(), { key: "Enter" });
    await waitFor(() => expect(box().value).toBe(""));
    await waitFor(
      async () => {
        const entries = (await suite.services.client.sessions.history(suite.sessionId)).entries;
        expect(entries.some((e) => e.kind === "user")).toBe(true);
      },
      { timeout: 15_000 },
    );
  });

  test("offers the command catalog when the draft starts with /, moves with the arrows and takes with Enter", async () => {
    renderWith(<Composer sessionId={suite.sessionId} running={false} />, {
      services: suite.services,
    });
    type("/");
    const menu = await screen.findByRole("listbox", { name: "Commands" });
    expect(box().getAttribute("aria-expanded")).toBe("true");
    const names = [...menu.querySelectorAll(".command-name")].map((n) => n.textContent);
    expect(names).toContain("/skills");
    type("/skill");
    const options = () => screen.getAllByRole("option");
    const selected = () => options().find((o) => o.getAttribute("aria-selected") === "true")?.id;
    await waitFor(() =>
      expect(options().map((o) => o.id)).toEqual(["command-skills", "command-skill-authoring"]),
    );
    expect(selected()).toBe("command-skills");
    fireEvent.keyDown(box(), { key: "ArrowDown" });
    expect(selected()).toBe("command-skill-authoring");
    expect(box().getAttribute("aria-activedescendant")).toBe("command-skill-authoring");
    fireEvent.keyDown(box(), { key: "ArrowDown" });
    expect(selected()).toBe("command-skills");
    fireEvent.keyDown(box(), { key: "Escape" });
    expect(screen.queryByRole("listbox")).toBeNull();
    type("/skills");
    await screen.findByRole("listbox");
    fireEvent.keyDown(box(), { key: "Enter" });
    // /skills is a picker: it opens the Skills picker instead of sending a turn.
    await screen.findByRole("dialog", { name: "Skills" });
    expect(box().value).toBe("");
  });

  test("inserts /skill:<name> from the Skills picker", async () => {
    renderWith(<Composer sessionId={suite.sessionId} running={false} />, {
      services: suite.services,
    });
    type("/skills");
    fireEvent.keyDown(box(), { key: "Escape" });
    fireEvent.keyDown(box(), { key: "Enter" });
    const picker = await screen.findByRole("dialog", { name: "Skills" });
    const first = await waitFor(() => {
      const button = picker.querySelector<HTMLButtonElement>(".picker-items button");
      if (!button) throw new Error("no skills listed yet");
      return button;
    });
    const name = first.firstChild?.textContent ?? "";
    fireEvent.click(first);
    expect(box().value).toBe(`/skill:${name} `);
  });

  test("offers Stop while a turn runs", () => {
    renderWith(<Composer sessionId={suite.sessionId} running={true} />, {
      services: suite.services,
    });
    expect(screen.getByRole("button", { name: "Stop" })).toBeTruthy();
  });
});
