import { readFile } from "node:fs/promises";
import type { HookBus } from "@elowen/hook-bus";
import type { ChainScope } from "@elowen/plugin-api/chains";
import type { PromptAttachmentOrigin } from "@elowen/plugin-api/events";
import {
  PROMPT_CONTEXT_ENTRY_MAX_CHARS,
  PROMPT_CONTEXT_TOTAL_MAX_CHARS,
} from "@elowen/plugin-api/limits";
import { renderAttachment } from "@elowen/prompt-compose";
import { confine } from "../tools/workspace-guard.js";

/** `@path` or `@path#L10-20` after whitespace or at the start (ours). */
export const MENTION_PATTERN = /(?:^|\s)@([^\s@#]+)(?:#L(\d+)(?:-(\d+))?)?/g;
/** At most this many mentions of a prompt are read (ours). */
export const MAX_MENTIONS = 20;

interface Mention {
  readonly mention: string;
  readonly path: string;
  readonly offset?: number;
  readonly limit?: number;
}

/** The `@` mentions of a text, at most {@link MAX_MENTIONS}, in order, each path once. */
export function findMentions(text: string): Mention[] {
  const out: Mention[] = [];
  const seen = new Set<string>();
  for (const match of text.matchAll(MENTION_PATTERN)) {
    const [whole, path = "", from, to] = match;
    const mention = whole.trimStart().slice(1);
    if (seen.has(mention) || out.length >= MAX_MENTIONS) continue;
    seen.add(mention);
    const offset = from === undefined ? undefined : Number(from);
    const limit =
      offset === undefined
        ? undefined
        : to === undefined
          ? 1
          : Math.max(1, Number(to) - offset + 1);
    out.push({
      mention,
      path,
      ...(offset === undefined ? {} : { offset }),
      ...(limit === undefined ? {} : { limit }),
    });
  }
  return out;
}

function cut(text: string, budget: number, path: string): string {
  if (text.length <= budget) return text;
  return `${text.slice(0, budget)}\n[${path} continues past ${budget} characters; read the rest with the read tool]`;
}

/**
 * The context blocks a prompt's `@` mentions bring: each raises `prompt.mention` (a hook
 * may read another path, other lines, deny it, or add context); the engine's read happens once at
 * the bottom, inside the session's workspace (a path outside is not attached); the file's text
 * then raises `prompt.attachment` (type `file`) and is wrapped for the model. Past
 * PROMPT_CONTEXT_ENTRY_MAX_CHARS a file is a head and a pointer, and all of them together stay
 * within PROMPT_CONTEXT_TOTAL_MAX_CHARS. Never throws for a file or a hook.
 */
export async function mentionBlocks(
  hooks: HookBus,
  text: string,
  workspace: string | undefined,
  scope: ChainScope,
  agentId?: string,
): Promise<string[]> {
  if (workspace === undefined) return [];
  const blocks: string[] = [];
  let total = 0;
  for (const found of findMentions(text)) {
    let fileText: string | undefined;
    const result = await hooks.run(
      "prompt.mention",
      {
        mention: found.mention,
        path: found.path,
        ...(found.offset === undefined ? {} : { offset: found.offset, limit: found.limit }),
        ...(agentId === undefined ? {} : { agentId }),
      },
      async (e) => {
        try {
          const content = await readFile(await confine(workspace, e.path), "utf8");
          const lines = content.split("\n");
          const start = (e.offset ?? 1) - 1;
          fileText = lines
            .slice(start, e.limit === undefined ? undefined : start + e.limit)
            .join("\n");
          return { type: "file" as const };
        } catch {
          return { type: null };
        }
      },
      scope,
    );
    if ("deny" in result) continue;
    const budget = Math.min(PROMPT_CONTEXT_ENTRY_MAX_CHARS, PROMPT_CONTEXT_TOTAL_MAX_CHARS - total);
    if (result.type === "file" && fileText !== undefined && budget > 0) {
      const origin: PromptAttachmentOrigin = { kind: "engine" };
      const attached = await renderAttachment({
        dispatcher: hooks,
        input: {
          type: "file",
          text: `${found.path}:\n${cut(fileText, budget, found.path)}`,
          origin,
        },
        scope,
      });
      if (attached.text !== null) {
        blocks.push(attached.text);
        total += attached.text.length;
      }
    }
    for (const extra of result.context ?? []) {
      const room = Math.min(PROMPT_CONTEXT_ENTRY_MAX_CHARS, PROMPT_CONTEXT_TOTAL_MAX_CHARS - total);
      if (room <= 0) break;
      const block = cut(extra, room, found.path);
      blocks.push(block);
      total += block.length;
    }
  }
  return blocks;
}
