import { afterEach, describe, expect, test } from "vitest";
import {
  type FakeApi,
  type FakeProvider,
  type FakeReply,
  startProviderFake,
} from "../src/index.js";
import { APIS } from "./pi-ai.js";
import { FULL, parseSse, post, readAll } from "./wire.js";

let fake: FakeProvider | undefined;
afterEach(() => fake?.close());

const eventCount = { "anthropic-messages": 17, "openai-completions": 10, "openai-responses": 22 };

describe.each(APIS)("interruptions on the %s fake", (api: FakeApi) => {
  const total = eventCount[api];
  const cut = (afterEvents?: number): FakeReply => ({
    ...FULL,
    interrupt: afterEvents === undefined ? { type: "cut" } : { type: "cut", afterEvents },
  });

  test("a reply without interruption writes every event and ends cleanly", async () => {
    fake = await startProviderFake(api, { turns: [FULL] });
    const { text, failure } = await readAll(await post(fake));
    expect(parseSse(text)).toHaveLength(total);
    expect(failure).toBeUndefined();
  });

  test.each([
    [0, 0],
    [3, 3],
    [total, total],
    [total + 1, total],
  ])("a cut after %i events writes %i and then destroys the connection", async (after, written) => {
    fake = await startProviderFake(api, { turns: [cut(after)] });
    const { text, failure } = await readAll(await post(fake));
    expect(parseSse(text)).toHaveLength(written);
    expect(failure).toBe("terminated");
  });

  test("a cut without afterEvents stops right after the content, before the closing events", async () => {
    fake = await startProviderFake(api, { turns: [cut()] });
    const { text } = await readAll(await post(fake));
    const closing = { "anthropic-messages": 2, "openai-completions": 2, "openai-responses": 1 }[
      api
    ];
    expect(parseSse(text)).toHaveLength(total - closing);
  });

  test("a truncated reply ends cleanly without its closing events", async () => {
    fake = await startProviderFake(api, {
      turns: [{ ...FULL, interrupt: { type: "truncate", afterEvents: 4 } }],
    });
    const { text, failure } = await readAll(await post(fake));
    expect(parseSse(text)).toHaveLength(4);
    expect(failure).toBeUndefined();
  });

  test("a mid-stream error comes after the events before it and ends the response", async () => {
    fake = await startProviderFake(api, {
      turns: [{ ...FULL, interrupt: { type: "error", message: "Overloaded", afterEvents: 2 } }],
    });
    const { text, failure } = await readAll(await post(fake));
    const events = parseSse(text);
    expect(events).toHaveLength(3);
    expect(failure).toBeUndefined();
    expect(JSON.stringify(events[2]?.data)).toContain('"message":"Overloaded"');
  });

  test("a stalled reply stays open until the fake closes", async () => {
    fake = await startProviderFake(api, {
      turns: [{ ...FULL, interrupt: { type: "stall", afterEvents: 1 } }],
    });
    const response = await post(fake);
    const reader = response.body?.getReader();
    const first = await reader?.read();
    expect(new TextDecoder().decode(first?.value)).toContain("data: ");
    await fake.close();
    await expect(reader?.read()).rejects.toThrow("terminated");
  });

  test("fragmented events carry the same bytes as whole ones", async () => {
    const whole = await startProviderFake(api, { turns: [FULL] });
    const split = await startProviderFake(api, { turns: [FULL], fragments: 9 });
    try {
      const a = parseSse(await (await post(whole)).text());
      const b = parseSse(await (await post(split)).text());
      const stable = (events: unknown[]) =>
        JSON.stringify(events).replace(/"created(_at)?":\d+/g, "");
      expect(stable(b)).toBe(stable(a));
    } finally {
      await whole.close();
      await split.close();
    }
  });
});
