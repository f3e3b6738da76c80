// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from "@testing-library/preact";
import { describe, expect, test } from "vitest";
import { turnId, Wire } from "../../test/fixtures/wire.js";
import { componentSuite, renderWith } from "../../test/render.js";
import { ChatView, type ChatViewOptions } from "./chat-view.js";

const suite = componentSuite();
const options: ChatViewOptions = {
  schedule: (run) => queueMicrotask(run),
  reconnect: { initialDelayMs: 20, maxDelayMs: 50 },
};
const model = { provider: "offline", id: "offline", label: "Offline model", offline: true };
const turnTexts = (container: ParentNode) =>
  [...container.querySelectorAll(".message.user")].map((m) => m.textContent?.replace(/^You/, ""));

describe("ChatView over a real daemon's SSE", () => {
  test("shows the newest page first and loads earlier messages on request", async () => {
    const session = await suite.services.client.sessions.create({});
    const wire = new Wire();
    const turns = Array.from({ length: 210 }, (_, i) => ({
      kind: "user",
      data: wire.user(turnId(i + 1), `prompt ${i + 1}`).data,
    }));
    await suite.daemon.append(session.id, turns);
    const { container } = renderWith(<ChatView sessionId={session.id} options={options} />, {
      services: suite.services,
    });
    await waitFor(() => expect(turnTexts(container)).toHaveLength(200));
    expect(turnTexts(container).at(-1)).toBe("prompt 210");
    fireEvent.click(screen.getByRole("button", { name: "Load earlier messages" }));
    await waitFor(() => expect(turnTexts(container)).toHaveLength(210));
    expect(turnTexts(container)[0]).toBe("prompt 1");
    expect(screen.queryByRole("button", { name: "Load earlier messages" })).toBeNull();
  });

  test("streams a response, replaces it with the committed entry, and shows cards and dismissible notices", async () => {
    const session = await suite.services.client.sessions.create({});
    const { container } = renderWith(<ChatView sessionId={session.id} options={options} />, {
      services: suite.services,
    });
    await screen.findByText("Say something to start.");
    const T1 = turnId(1);
    const entryId = `e_${"q".repeat(24)}`;
    const publish = (type: string, data: unknown) => suite.daemon.publish(session.id, type, data);
    await publish("turn_started", {
      turnId: T1,
      origin: { kind: "composer" },
      startedAt: Date.now(),
      model,
    });
    await publish("assistant_started", {
      turnId: T1,
      entryId,
      step: 0,
      model,
      startedAt: Date.now(),
    });
    await publish("assistant_delta", {
      turnId: T1,
      entryId,
      block: 0,
      kind: "text",
      text: "Half ",
    });
    await publish("assistant_delta", { turnId: T1, entryId, block: 0, kind: "text", text: "way" });
    await waitFor(() =>
      expect(container.querySelector(".message.assistant.streaming")?.textContent).toContain(
        "Half way",
      ),
    );
    expect(screen.getByRole("button", { name: "Stop" })).toBeTruthy();

    const wire = new Wire();
    await suite.daemon.append(session.id, [
      { kind: "user", data: wire.user(T1, "tell me").data },
      {
        id: entryId,
        kind: "assistant",
        data: wire.assistant(T1, 0, [{ type: "text", text: "All of it." }]).data,
      },
    ]);
    await waitFor(() =>
      expect(container.querySelector(`[data-entry-id="${entryId}"]`)?.textContent).toContain(
        "All of it.",
      ),
    );
    expect(container.querySelectorAll(".message.assistant")).toHaveLength(1);
    expect(container.querySelector(".streaming")).toBeNull();

    await publish("card", { card: { id: "build", title: "Build", pinned: true } });
    await screen.findByRole("heading", { name: "Pinned Build" });
    await publish("notice", { level: "warning", text: "Disk almost full" });
    await screen.findByText("Disk almost full");
    fireEvent.click(screen.getByRole("button", { name: "Dismiss notice" }));
    await waitFor(() => expect(screen.queryByText("Disk almost full")).toBeNull());
  });
});
