import { afterEach, describe, expect, test } from "vitest";
import {
  type FakeProvider,
  startAnthropicFake,
  startOpenAICompletionsFake,
  startOpenAIResponsesFake,
} from "../src/index.js";
import { bodyFor, FULL, parseSse, post } from "./wire.js";

let fake: FakeProvider | undefined;
afterEach(() => fake?.close());

describe("the Anthropic Messages fake", () => {
  test("streams message_start, ping, the three block kinds, message_delta and message_stop", async () => {
    fake = await startAnthropicFake({ turns: [FULL] });
    const response = await post(fake);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const events = parseSse(await response.text());
    const deltaTypes = events.flatMap((e) =>
      e.event === "content_block_delta" ? [(e.data as { delta: { type: string } }).delta.type] : [],
    );
    expect(events.map((e) => e.event)).toEqual([
      "message_start",
      "ping",
      ...["content_block_start", "content_block_delta", "content_block_delta"],
      ...["content_block_delta", "content_block_stop"],
      ...[
        "content_block_start",
        "content_block_delta",
        "content_block_delta",
        "content_block_stop",
      ],
      ...[
        "content_block_start",
        "content_block_delta",
        "content_block_delta",
        "content_block_stop",
      ],
      "message_delta",
      "message_stop",
    ]);
    expect(deltaTypes).toEqual([
      ...["thinking_delta", "thinking_delta", "signature_delta"],
      ...["text_delta", "text_delta", "input_json_delta", "input_json_delta"],
    ]);
    expect(events.at(-2)?.data).toEqual({
      type: "message_delta",
      delta: { stop_reason: "tool_use", stop_sequence: null },
      usage: {
        input_tokens: 5,
        cache_creation_input_tokens: 13,
        cache_read_input_tokens: 11,
        output_tokens: 7,
      },
    });
  });

  test("sends a scripted wire stop reason verbatim", async () => {
    fake = await startAnthropicFake({
      turns: [{ type: "reply", content: [], wireStopReason: "refusal" }],
    });
    const events = parseSse(await (await post(fake)).text());
    expect(events.at(-2)?.data).toMatchObject({ delta: { stop_reason: "refusal" } });
  });
});

describe("the OpenAI Chat Completions fake", () => {
  test("streams role, reasoning, content and tool-call chunks, the finish, usage and [DONE]", async () => {
    fake = await startOpenAICompletionsFake({ turns: [FULL] });
    const response = await post(
      fake,
      bodyFor("openai-completions", { stream_options: { include_usage: true } }),
    );
    const events = parseSse(await response.text());
    const choices = events.map((e) => (e.data as { choices?: unknown[] }).choices?.[0]);
    expect(choices.slice(0, 9)).toMatchObject([
      { delta: { role: "assistant", content: "" }, finish_reason: null },
      { delta: { reasoning_content: "ab" } },
      { delta: { reasoning_content: "cd" } },
      { delta: { content: "wx" } },
      { delta: { content: "yz" } },
      {
        delta: {
          tool_calls: [
            { index: 0, id: "c1", type: "function", function: { name: "f", arguments: "" } },
          ],
        },
      },
      { delta: { tool_calls: [{ index: 0, function: { arguments: '{"a' } }] } },
      { delta: { tool_calls: [{ index: 0, function: { arguments: '":1}' } }] } },
      { delta: {}, finish_reason: "tool_calls" },
    ]);
    expect(events.at(-2)?.data).toMatchObject({
      choices: [],
      usage: {
        prompt_tokens: 29,
        completion_tokens: 7,
        total_tokens: 36,
        prompt_tokens_details: { cached_tokens: 24, cache_write_tokens: 13 },
      },
    });
    expect(events.at(-1)?.data).toBe("[DONE]");
  });

  test("sends no usage chunk unless stream_options.include_usage asks for one", async () => {
    fake = await startOpenAICompletionsFake({ turns: [FULL] });
    const events = parseSse(await (await post(fake)).text());
    expect(
      events.every((e) => typeof e.data === "string" || !("usage" in (e.data as object))),
    ).toBe(true);
    expect(events).toHaveLength(10);
  });
});

describe("the OpenAI Responses fake", () => {
  test("streams the response lifecycle with reasoning, message and function-call items", async () => {
    fake = await startOpenAIResponsesFake({ turns: [FULL] });
    const events = parseSse(await (await post(fake)).text());
    expect(events.map((e) => e.event)).toEqual([
      "response.created",
      "response.in_progress",
      "response.output_item.added",
      "response.reasoning_summary_part.added",
      "response.reasoning_summary_text.delta",
      "response.reasoning_summary_text.delta",
      "response.reasoning_summary_text.done",
      "response.reasoning_summary_part.done",
      "response.output_item.done",
      "response.output_item.added",
      "response.content_part.added",
      "response.output_text.delta",
      "response.output_text.delta",
      "response.output_text.done",
      "response.content_part.done",
      "response.output_item.done",
      "response.output_item.added",
      "response.function_call_arguments.delta",
      "response.function_call_arguments.delta",
      "response.function_call_arguments.done",
      "response.output_item.done",
      "response.completed",
    ]);
    expect(events.map((e) => (e.data as { sequence_number: number }).sequence_number)).toEqual(
      events.map((_, i) => i),
    );
    expect(events.at(-1)?.data).toMatchObject({
      response: {
        status: "completed",
        usage: {
          input_tokens: 16,
          input_tokens_details: { cached_tokens: 11 },
          output_tokens: 7,
          total_tokens: 23,
        },
      },
    });
  });

  test("ends a length-stopped reply with response.incomplete", async () => {
    fake = await startOpenAIResponsesFake({
      turns: [{ type: "reply", content: [{ type: "text", text: "a" }], stopReason: "length" }],
    });
    const events = parseSse(await (await post(fake)).text());
    expect(events.at(-1)).toMatchObject({
      event: "response.incomplete",
      data: {
        response: { status: "incomplete", incomplete_details: { reason: "max_output_tokens" } },
      },
    });
  });
});
