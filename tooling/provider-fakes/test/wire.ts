import type { FakeApi, FakeProvider, FakeReply } from "../src/index.js";

/** The headers each SDK sends, with key "k". */
export function headersFor(api: FakeApi): Record<string, string> {
  const json = { "content-type": "application/json" };
  return api === "anthropic-messages"
    ? { ...json, "x-api-key": "k", "anthropic-version": "2023-06-01" }
    : { ...json, authorization: "Bearer k" };
}

/** The smallest streaming request body each protocol accepts. */
export function bodyFor(
  api: FakeApi,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const hi = [{ role: "user", content: "hi" }];
  const base =
    api === "anthropic-messages"
      ? { model: "m", max_tokens: 64, messages: hi }
      : api === "openai-completions"
        ? { model: "m", messages: hi }
        : { model: "m", input: hi };
  return { ...base, stream: true, ...extra };
}

/** POSTs to the fake's endpoint. */
export function post(
  fake: FakeProvider,
  body: unknown = bodyFor(fake.api),
  headers: Record<string, string> = headersFor(fake.api),
  path = endpointOf(fake.api),
): Promise<Response> {
  const payload = typeof body === "string" ? body : JSON.stringify(body);
  return fetch(fake.url + path, { method: "POST", headers, body: payload });
}

/** The path that consumes turns. */
export function endpointOf(api: FakeApi): string {
  return {
    "anthropic-messages": "/v1/messages",
    "openai-completions": "/v1/chat/completions",
    "openai-responses": "/v1/responses",
  }[api];
}

/** One parsed SSE frame: its event name (or null) and its data (JSON parsed when it parses). */
export interface SseEvent {
  readonly event: string | null;
  readonly data: unknown;
}

/** Parses a whole SSE body. */
export function parseSse(text: string): SseEvent[] {
  return text
    .split("\n\n")
    .filter((frame) => frame.trim() !== "")
    .map((frame) => {
      let event: string | null = null;
      const data: string[] = [];
      for (const line of frame.split("\n")) {
        if (line.startsWith("event: ")) event = line.slice(7);
        if (line.startsWith("data: ")) data.push(line.slice(6));
      }
      const joined = data.join("\n");
      try {
        return { event, data: JSON.parse(joined) as unknown };
      } catch {
        return { event, data: joined };
      }
    });
}

/** Reads a body to its end or its failure: the text that arrived and the failure, if any. */
export async function readAll(response: Response): Promise<{ text: string; failure?: string }> {
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let text = "";
  if (reader === undefined) return { text };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { text: text + decoder.decode() };
      text += decoder.decode(value, { stream: true });
    }
  } catch (error) {
    return { text, failure: error instanceof Error ? error.message : String(error) };
  }
}

/** A reply with one block of each kind, two deltas each, and every usage count. */
export const FULL: FakeReply = {
  type: "reply",
  chunks: 2,
  content: [
    { type: "thinking", thinking: "abcd", signature: "S" },
    { type: "text", text: "wxyz" },
    { type: "toolCall", id: "c1", name: "f", arguments: { a: 1 } },
  ],
  usage: { input: 5, output: 7, cacheRead: 11, cacheWrite: 13 },
};
