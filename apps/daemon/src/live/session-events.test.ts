import { describe, expect, test } from "vitest";
import { SessionEvents } from "./session-events.js";

describe("SessionEvents", () => {
  test("ids increase across sessions within one boot", () => {
    const events = new SessionEvents({ bootId: "b" });
    expect(events.publish("s1", "card", {}).id).toBe("b.1");
    expect(events.publish("s2", "card", {}).id).toBe("b.2");
  });

  test("a resume replays only the session's later events", () => {
    const events = new SessionEvents({ bootId: "b" });
    events.publish("s1", "a", 1);
    events.publish("s2", "x", 0);
    events.publish("s1", "b", 2);
    const { replay } = events.subscribe("s1", "b.1", () => {});
    expect(replay).toEqual({ kind: "replay", events: [{ id: "b.3", type: "b", data: 2 }] });
  });

  test("a buffer of N keeps N events; resuming before the oldest kept one is a reset", () => {
    const events = new SessionEvents({ bootId: "b", bufferSize: 2 });
    for (let i = 0; i < 3; i += 1) events.publish("s", "e", i);
    expect(events.subscribe("s", "b.1", () => {}).replay).toEqual({
      kind: "replay",
      events: [
        { id: "b.2", type: "e", data: 1 },
        { id: "b.3", type: "e", data: 2 },
      ],
    });
    events.publish("s", "e", 3);
    expect(events.subscribe("s", "b.1", () => {}).replay).toEqual({
      kind: "reset",
      reason: "expired",
    });
  });

  test("an id of another boot, from the future, or malformed is a restart reset", () => {
    const events = new SessionEvents({ bootId: "b" });
    for (const id of ["a.1", "b.99", "garbage"]) {
      expect(events.subscribe("s", id, () => {}).replay).toEqual({
        kind: "reset",
        reason: "restarted",
      });
    }
  });

  test("listeners receive events in order until they unsubscribe", () => {
    const events = new SessionEvents({ bootId: "b" });
    const seen: string[] = [];
    const { unsubscribe } = events.subscribe("s", undefined, (e) => seen.push(e.id));
    events.publish("s", "e", 1);
    unsubscribe();
    events.publish("s", "e", 2);
    expect(seen).toEqual(["b.1"]);
  });
});
