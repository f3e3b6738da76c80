import type { TurnStepChunk } from "@elowen/plugin-api/events";
import {
  type AssistantMessage,
  type AssistantMessageEvent,
  parseStreamingJson,
} from "@mariozechner/pi-ai";

type Block = AssistantMessage["content"][number];
interface ToolDraft {
  id: string;
  name: string;
  json: string;
}

/**
 * Rebuilds a response from the chunks that came out of the `turn.step` chain: the text
 * on screen and in the transcript is the text chunks joined; a tool call exists only when its
 * tool chunk came out, with the input pieces that followed it as its arguments; the transcript
 * keeps the engine's own (signed) thinking blocks, while thinking a hook streams is shown only.
 * Each chunk becomes the pi-ai event the agent loop reads, over one growing partial message.
 */
export class StepRebuild {
  readonly partial: AssistantMessage;
  readonly #texts = new Map<number, string>();
  readonly #tools = new Map<number, ToolDraft>();

  constructor(template: AssistantMessage) {
    this.partial = { ...template, content: [] };
  }

  /** The pi-ai event for a chunk that left the chain, or undefined for one that changes nothing. */
  event(chunk: TurnStepChunk): AssistantMessageEvent | undefined {
    switch (chunk.kind) {
      case "text": {
        const text = (this.#texts.get(chunk.index) ?? "") + chunk.text;
        this.#texts.set(chunk.index, text);
        this.#place(chunk.index, { type: "text", text });
        return {
          type: "text_delta",
          contentIndex: chunk.index,
          delta: chunk.text,
          partial: this.partial,
        };
      }
      case "thinking": {
        const current = this.partial.content[chunk.index];
        const thinking = (current?.type === "thinking" ? current.thinking : "") + chunk.text;
        this.#place(chunk.index, { type: "thinking", thinking });
        return {
          type: "thinking_delta",
          contentIndex: chunk.index,
          delta: chunk.text,
          partial: this.partial,
        };
      }
      case "tool": {
        if (this.#tools.has(chunk.index)) return undefined;
        this.#tools.set(chunk.index, { id: chunk.id, name: chunk.name, json: "" });
        this.#place(chunk.index, {
          type: "toolCall",
          id: chunk.id,
          name: chunk.name,
          arguments: {},
        });
        return { type: "toolcall_start", contentIndex: chunk.index, partial: this.partial };
      }
      case "input": {
        const tool = this.#tools.get(chunk.index);
        if (!tool) return undefined;
        tool.json += chunk.json;
        this.#place(chunk.index, {
          type: "toolCall",
          id: tool.id,
          name: tool.name,
          arguments: parseStreamingJson(tool.json),
        });
        return {
          type: "toolcall_delta",
          contentIndex: chunk.index,
          delta: chunk.json,
          partial: this.partial,
        };
      }
      default:
        return undefined;
    }
  }

  /**
   * The recorded message: the engine's final message with its content rebuilt from what left the
   * chain. Tool arguments equal to what the engine streamed keep the engine's parsed value;
   * rewritten or broken ones are parsed here (broken JSON leaves no usable arguments: `{}`).
   */
  final(engine: AssistantMessage, engineJson: ReadonlyMap<number, string>): AssistantMessage {
    const indices = new Set<number>([...this.#texts.keys(), ...this.#tools.keys()]);
    engine.content.forEach((block, i) => {
      if (block.type === "thinking") indices.add(i);
    });
    const content: Block[] = [];
    for (const i of [...indices].sort((a, b) => a - b)) {
      const own = engine.content[i];
      const text = this.#texts.get(i);
      const tool = this.#tools.get(i);
      if (own?.type === "thinking" && text === undefined && tool === undefined) content.push(own);
      else if (text !== undefined)
        content.push(own?.type === "text" ? { ...own, text } : { type: "text", text });
      else if (tool !== undefined) content.push(this.#toolCall(tool, own, engineJson.get(i)));
    }
    return { ...engine, content };
  }

  #toolCall(tool: ToolDraft, own: Block | undefined, engineJson: string | undefined): Block {
    if (own?.type === "toolCall" && own.id === tool.id && tool.json === engineJson)
      return { ...own, name: tool.name };
    let args: Record<string, unknown> = {};
    try {
      const parsed: unknown = tool.json.trim() === "" ? {} : JSON.parse(tool.json);
      if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed))
        args = parsed as Record<string, unknown>;
    } catch {
      args = {};
    }
    return { type: "toolCall", id: tool.id, name: tool.name, arguments: args };
  }

  #place(index: number, block: Block): void {
    const content = this.partial.content;
    while (content.length < index) content.push({ type: "text", text: "" });
    content[index] = block;
  }
}
