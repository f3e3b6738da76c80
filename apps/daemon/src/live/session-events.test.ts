import { describe, expect, test } from "vitest";
import { eventChars, SessionEvents } from "./session-events.js";

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

  test("a session keeps at most bufferChars of event data: at the cap all stay, one past it the oldest goes", () => {
    const size = eventChars("x".repeat(90)) + "e".length;
    const events = new SessionEvents({ bootId: "b", bufferChars: size * 3 });
    for (let i = 0; i < 3; i += 1) events.publish("s", "e", "x".repeat(90));
    expect(events.subscribe("s", "b.0", () => {}).replay).toMatchObject({
      kind: "replay",
      events: [{ id: "b.1" }, { id: "b.2" }, { id: "b.3" }],
    });
    events.publish("s", "e", "x".repeat(90));
    expect(events.subscribe("s", "b.1", () => {}).replay).toMatchObject({
      kind: "replay",
      events: [{ id: "b.2" }, { id: "b.3" }, { id: "b.4" }],
    });
    expect(events.subscribe("s", "b.0", () => {}).replay).toEqual({
      kind: "reset",
      reason: "expired",
    });
    expect(events.bufferedChars()).toBe(size * 3);
  });

  test("an event larger than the whole cap is still kept, alone, so a reconnect can replay it", () => {
    const events = new SessionEvents({ bootId: "b", bufferChars: 10 });
    events.publish("s", "e", "small");
    events.publish("s", "e", "a much larger event than ten characters");
    expect(events.subscribe("s", "b.1", () => {}).replay).toMatchObject({
      kind: "replay",
      events: [{ id: "b.2", data: "a much larger event than ten characters" }],
    });
  });

  test("past totalChars the least recently used buffers without a listener are dropped", () => {
    const size = eventChars("x".repeat(90)) + "e".length;
    const events = new SessionEvents({ bootId: "b", totalChars: size * 3 });
    const watched = events.subscribe("old-watched", undefined, () => {});
    events.publish("old-watched", "e", "x".repeat(90));
    events.publish("old-idle", "e", "x".repeat(90));
    events.publish("new", "e", "x".repeat(90));
    expect(events.bufferedChars()).toBe(size * 3);
    events.publish("new", "e", "x".repeat(90));
    expect(events.bufferedChars()).toBe(size * 3);
    // The idle buffer went: resuming there is a reset; the watched one kept its event.
    expect(events.subscribe("old-idle", "b.1", () => {}).replay).toEqual({
      kind: "reset",
      reason: "expired",
    });
    expect(events.subscribe("old-watched", "b.0", () => {}).replay).toMatchObject({
      kind: "replay",
      events: [{ id: "b.1" }],
    });
    watched.unsubscribe();
  });

  test("an event's data counts about its JSON length, without building the JSON", () => {
    for (const data of [
      "x".repeat(100),
      { a: 1, b: "two", c: [true, null, { d: "e" }] },
      [],
      { text: "é".repeat(50), n: 12345 },
    ])
      expect(Math.abs(eventChars(data) - JSON.stringify(data).length)).toBeLessThanOrEqual(
        JSON.stringify(data).length * 0.5,
      );
    let deep: unknown = "leaf";
    for (let i = 0; i < 100; i += 1) deep = [deep];
    expect(eventChars(deep)).toBeGreaterThan(0);
  });

  test("a buffered event's frame is serialized once and shared by every stream", () => {
    const events = new SessionEvents({ bootId: "b" });
    const event = events.publish("s", "card", { id: "c", title: "T" });
    expect(events.frame(event)).toBe('id: b.1\nevent: card\ndata: {"id":"c","title":"T"}\n\n');
    expect(events.frame(event)).toBe(events.frame(event));
  });
});
