import { describe, expect, test } from "vitest";
import {
  OFFLINE_PROMPT_CACHE_SESSIONS,
  PromptCacheSlots,
} from "../src/brain/model/prompt-cache-slots.js";

describe("the offline model's prompt-cache slots", () => {
  test("keep 256 sessions by default", () => {
    expect(OFFLINE_PROMPT_CACHE_SESSIONS).toBe(256);
    const slots = new PromptCacheSlots();
    const keys = new Set(Array.from({ length: 300 }, (_, i) => slots.key(`s${i}`)));
    expect(keys.size).toBe(256);
    expect(slots.size).toBe(256);
  });

  test("at the pool's size every session keeps its own slot", () => {
    const slots = new PromptCacheSlots(2);
    const a = slots.key("a");
    const b = slots.key("b");
    expect(a).not.toBe(b);
    expect(slots.key("a")).toBe(a);
    expect(slots.key("b")).toBe(b);
  });

  test("one session past it takes the least recently used session's slot", () => {
    const slots = new PromptCacheSlots(2);
    const a = slots.key("a");
    const b = slots.key("b");
    slots.key("a");
    expect(slots.key("c")).toBe(b);
    expect(slots.key("a")).toBe(a);
    expect(slots.size).toBe(2);
    // b comes back as a new session: it takes the slot of c, now the least recently used.
    expect(slots.key("b")).toBe(b);
  });

  test("refuses a pool without a slot, naming the count", () => {
    expect(() => new PromptCacheSlots(0)).toThrow(/at least one slot, got 0/);
    expect(() => new PromptCacheSlots(1.5)).toThrow(/got 1.5/);
  });
});
