import { describe, expect, test } from "vitest";
import { useTestStore } from "../../test/helpers/test-store.js";
import { LiveJournal } from "./live-journal.js";
import { SessionEvents } from "./session-events.js";

const t = useTestStore();

describe("LiveJournal", () => {
  test("commits, then publishes only the visible entries, with their stored ids", async () => {
    const events = new SessionEvents({ bootId: "b" });
    const seen: unknown[] = [];
    events.subscribe(t.sessionId, undefined, (e) => seen.push(e));
    const written = await new LiveJournal(t.store, events).append(t.sessionId, [
      { kind: "message", data: { text: "hi" } },
      { kind: "custom", customType: "elowen.turn-context", hidden: true, data: {} },
    ]);
    expect(seen).toEqual([
      {
        id: "b.1",
        type: "entries",
        data: { entries: [expect.objectContaining({ id: written[0]?.id, data: { text: "hi" } })] },
      },
    ]);
    expect(
      (await t.store.journal.page(t.sessionId, { limit: 10 })).entries.map((e) => e.id),
    ).toEqual([written[0]?.id]);
  });

  test("publishes nothing when the commit fails", async () => {
    const events = new SessionEvents();
    const seen: unknown[] = [];
    events.subscribe("s_missing", undefined, (e) => seen.push(e));
    await expect(
      new LiveJournal(t.store, events).append("s_missing", [{ kind: "message", data: {} }]),
    ).rejects.toThrow(/no session/);
    expect(seen).toEqual([]);
  });
});
