import type { PluginContext } from "@elowen/plugin-api";
import { PROMPT_CONTEXT_ENTRY_MAX_CHARS } from "@elowen/plugin-api/limits";
import type { PromptAutocompleteSuggestion } from "@elowen/plugin-api/prompt-box";
import { errorMessage } from "@elowen/plugin-shared/errors";
import type { ServerSet } from "../servers/server-set.js";
import { hasResources, readResource, resourceContent } from "./resource-read.js";

/** `<server>:<uri>`, as a prompt mentions a resource after its `@`. */
const MENTION = /^([A-Za-z0-9_-]{1,32}):(\S+)$/;
/** At most this many resource rows are added to one typeahead. */
const SUGGESTIONS_MAX = 50;

/**
 * Resources as prompt mentions: `@<server>:<uri>` in a prompt (the engine's `@` mentions, raised
 * as `prompt.mention`) reads the resource from a server the account sees and attaches its text as
 * context, within PROMPT_CONTEXT_ENTRY_MAX_CHARS (the engine also holds all mentions together to
 * its total); a failed read attaches a line saying why. Any other mention passes on to the
 * engine's file read. `prompt.autocomplete` of a token starting with `@` adds the matching
 * `@<server>:<uri>` rows from the servers' `resources/list`.
 */
export function registerResourceMentions(ctx: PluginContext, set: ServerSet): void {
  const visible = (userId: number | null | undefined) =>
    set.visibleTo(userId ?? null).filter(hasResources);
  ctx.on("prompt.mention", { mention: MENTION }, async ($, e, next) => {
    const [, server = "", uri = ""] = MENTION.exec(e.mention) ?? [];
    const connection = visible($.userId).find((c) => c.server.name === server);
    if (!connection) return next();
    try {
      const result = await readResource(connection, uri, $.signal);
      const parts = resourceContent(result, {
        images: false,
        budgetBytes: PROMPT_CONTEXT_ENTRY_MAX_CHARS,
      });
      const text = parts.map((part) => (part.type === "text" ? part.text : "")).join("\n");
      return { type: null, context: [`@${e.mention} (MCP resource of ${server}):\n${text}`] };
    } catch (error) {
      return {
        type: null,
        context: [`@${e.mention}: the MCP resource could not be read: ${errorMessage(error)}`],
      };
    }
  });
  ctx.on("prompt.autocomplete", async ($, e, next) => {
    const below = await next();
    if (!e.token.startsWith("@")) return below;
    const typed = e.token.slice(1).toLowerCase();
    const rows: PromptAutocompleteSuggestion[] = [];
    for (const connection of visible($.userId))
      for (const resource of connection.resources) {
        const text = `@${connection.server.name}:${resource.uri}`;
        if (!text.slice(1).toLowerCase().startsWith(typed)) continue;
        rows.push({
          text,
          label: resource.title ?? resource.name,
          ...(resource.description ? { description: resource.description.slice(0, 200) } : {}),
        });
        if (rows.length >= SUGGESTIONS_MAX) break;
      }
    return { suggestions: [...below.suggestions, ...rows].slice(0, 100) };
  });
}
