import { z } from "zod";
import { MCP_MAX_TIMEOUT_MS, MCP_MIN_TIMEOUT_MS } from "../limits.js";

const NameList = z.array(z.string().min(1).max(128)).max(512);

/** What every server entry may carry besides how to reach it. */
const Common = {
  /** `false` keeps the entry but does not connect it (status says `disabled`). */
  enabled: z.boolean().optional(),
  /** How long one call may take before it fails with a timeout. */
  timeoutMs: z.number().int().min(MCP_MIN_TIMEOUT_MS).max(MCP_MAX_TIMEOUT_MS).optional(),
  /** Tool names as the server spells them: only `allow`ed ones (when given), never `deny`ed ones. */
  tools: z.strictObject({ allow: NameList.optional(), deny: NameList.optional() }).optional(),
  /** Claude Code's spelling of the transport; optional and checked against the entry's shape. */
  type: z.enum(["stdio", "http", "streamable-http"]).optional(),
};

/** A server Elowen starts as a child process and speaks to over stdio. */
export const StdioServerSchema = z.looseObject({
  command: z.string().min(1).max(4096),
  args: z.array(z.string().max(32_768)).max(1024).optional(),
  env: z.record(z.string().min(1).max(256), z.string().max(32_768)).optional(),
  cwd: z.string().min(1).max(4096).optional(),
  ...Common,
});

/** A remote server spoken to over Streamable HTTP. */
export const HttpServerSchema = z.looseObject({
  url: z
    .string()
    .max(4096)
    .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), "an http(s) URL"),
  headers: z.record(z.string().min(1).max(256), z.string().max(8192)).optional(),
  ...Common,
});

/** One configured server: `command` (stdio) or `url` (Streamable HTTP), never both. */
export type ServerConfig =
  | ({ readonly transport: "stdio" } & z.infer<typeof StdioServerSchema>)
  | ({ readonly transport: "http" } & z.infer<typeof HttpServerSchema>);

/** A checked entry, or what is wrong with it (field and rule). */
export type ServerConfigCheck =
  | { readonly ok: true; readonly config: ServerConfig }
  | { readonly ok: false; readonly message: string };

/** Checks one server entry as written in any source; `at` names it in messages. */
export function parseServerConfig(value: unknown, at: string): ServerConfigCheck {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { ok: false, message: `${at}: a server is a mapping with "command" or "url"` };
  const entry = value as Record<string, unknown>;
  const hasCommand = "command" in entry;
  const hasUrl = "url" in entry;
  if (hasCommand === hasUrl)
    return {
      ok: false,
      message: `${at}: a server has exactly one of "command" (a program over stdio) or "url" (Streamable HTTP)`,
    };
  if (entry.type === "sse")
    return {
      ok: false,
      message: `${at}.type: "sse" servers are not supported; use Streamable HTTP`,
    };
  const parsed = hasCommand
    ? StdioServerSchema.safeParse(entry)
    : HttpServerSchema.safeParse(entry);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.length ? `.${issue.path.join(".")}` : "";
    return { ok: false, message: `${at}${path}: ${issue?.message ?? "invalid"}` };
  }
  if (hasCommand && parsed.data.type !== undefined && parsed.data.type !== "stdio")
    return { ok: false, message: `${at}.type: a "command" server is of type "stdio"` };
  if (hasUrl && parsed.data.type === "stdio")
    return { ok: false, message: `${at}.type: a "url" server is of type "http"` };
  return {
    ok: true,
    config: { ...parsed.data, transport: hasCommand ? "stdio" : "http" } as ServerConfig,
  };
}
