import { z } from "zod";
import {
  MCP_ARG_MAX_CHARS,
  MCP_HEADER_VALUE_MAX_CHARS,
  MCP_LOCATION_MAX_CHARS,
  MCP_MAX_ARGS,
  MCP_MAX_TIMEOUT_MS,
  MCP_MAX_TOOL_NAMES,
  MCP_MIN_TIMEOUT_MS,
  MCP_SERVER_NAME_PATTERN,
  MCP_TOOL_NAME_MAX_CHARS,
  MCP_VARIABLE_NAME_MAX_CHARS,
} from "../limits.js";

/** The rule of a server's name (MCP_SERVER_NAME_PATTERN), as refusals state it. */
export const SERVER_NAME_RULE = 'a server name is 1 to 32 letters, digits, "_" or "-"';

/** A server's name, as the operator routes take it (config files normalize theirs first). */
export const ServerNameSchema = z
  .string({ error: SERVER_NAME_RULE })
  .regex(MCP_SERVER_NAME_PATTERN, SERVER_NAME_RULE);

const NameList = z.array(z.string().min(1).max(MCP_TOOL_NAME_MAX_CHARS)).max(MCP_MAX_TOOL_NAMES);
const VariableName = z.string().min(1).max(MCP_VARIABLE_NAME_MAX_CHARS);
/** A mapping of variable or header names to values of at most `maxValue` characters. */
const NamedValues = (what: string, maxValue: number) =>
  z.record(VariableName, z.string().max(maxValue), {
    error: (issue) =>
      issue.code === "invalid_key"
        ? `${what} name is 1 to ${MCP_VARIABLE_NAME_MAX_CHARS} characters`
        : undefined,
  });

/**
 * What every server entry may carry besides how to reach it. One set of field rules for every
 * source (config files, `mcp.json`, accounts' files) and for `POST /plugins/mcp/servers`.
 */
export const COMMON_SERVER_FIELDS = {
  /** `false` keeps the entry but does not connect it (status says `disabled`). */
  enabled: z.boolean().optional(),
  /** How long one call may take before it fails with a timeout. */
  timeoutMs: z.number().int().min(MCP_MIN_TIMEOUT_MS).max(MCP_MAX_TIMEOUT_MS).optional(),
  /** Tool names as the server spells them: only `allow`ed ones (when given), never `deny`ed ones. */
  tools: z.strictObject({ allow: NameList.optional(), deny: NameList.optional() }).optional(),
  /** Claude Code's spelling of the transport; optional and checked against the entry's shape. */
  type: z
    .enum(["stdio", "http", "streamable-http"], {
      error: (issue) =>
        issue.input === "sse"
          ? '"sse" servers are not supported; use Streamable HTTP'
          : '"stdio", "http" or "streamable-http"',
    })
    .optional(),
};

/** The fields of a server Elowen starts as a child process and speaks to over stdio. */
export const STDIO_SERVER_FIELDS = {
  command: z.string().min(1).max(MCP_LOCATION_MAX_CHARS),
  args: z.array(z.string().max(MCP_ARG_MAX_CHARS)).max(MCP_MAX_ARGS).optional(),
  env: NamedValues("a variable", MCP_ARG_MAX_CHARS).optional(),
  cwd: z.string().min(1).max(MCP_LOCATION_MAX_CHARS).optional(),
};

/** The fields of a remote server spoken to over Streamable HTTP. */
export const HTTP_SERVER_FIELDS = {
  url: z
    .string()
    .max(MCP_LOCATION_MAX_CHARS)
    .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), "an http(s) URL"),
  headers: NamedValues("a header", MCP_HEADER_VALUE_MAX_CHARS).optional(),
};

/** A server Elowen starts as a child process and speaks to over stdio. */
export const StdioServerSchema = z.looseObject({ ...STDIO_SERVER_FIELDS, ...COMMON_SERVER_FIELDS });

/** A remote server spoken to over Streamable HTTP. */
export const HttpServerSchema = z.looseObject({ ...HTTP_SERVER_FIELDS, ...COMMON_SERVER_FIELDS });

/** One configured server: `command` (stdio) or `url` (Streamable HTTP), never both. */
export type ServerConfig =
  | ({ readonly transport: "stdio" } & z.infer<typeof StdioServerSchema>)
  | ({ readonly transport: "http" } & z.infer<typeof HttpServerSchema>);

/** A checked entry, or what is wrong with it (field and rule). */
export type ServerConfigCheck =
  | { readonly ok: true; readonly config: ServerConfig }
  | { readonly ok: false; readonly message: string };

/** What an entry's transport breaks: the field (none for the whole entry) and the rule. */
export interface TransportProblem {
  readonly field?: "type";
  readonly message: string;
}

/**
 * The transport rule every server entry follows, wherever it is written: exactly one of `command`
 * (stdio) or `url` (Streamable HTTP), and a `type`, when given, that says the same.
 */
export function transportProblem(entry: {
  readonly command?: unknown;
  readonly url?: unknown;
  readonly type?: unknown;
}): TransportProblem | undefined {
  const hasCommand = entry.command !== undefined;
  if (hasCommand === (entry.url !== undefined))
    return {
      message:
        'a server has exactly one of "command" (a program over stdio) or "url" (Streamable HTTP)',
    };
  if (entry.type === undefined || entry.type === "sse") return undefined;
  if (hasCommand && entry.type !== "stdio")
    return { field: "type", message: 'a "command" server is of type "stdio"' };
  if (!hasCommand && entry.type === "stdio")
    return { field: "type", message: 'a "url" server is of type "http"' };
  return undefined;
}

/** A checked entry (it passed its schema and {@link transportProblem}) with its transport. */
export function serverConfigOf(entry: Readonly<Record<string, unknown>>): ServerConfig {
  return {
    ...entry,
    transport: entry.command === undefined ? "http" : "stdio",
  } as ServerConfig;
}

/** Checks one server entry as written in any source; `at` names it in messages. */
export function parseServerConfig(value: unknown, at: string): ServerConfigCheck {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { ok: false, message: `${at}: a server is a mapping with "command" or "url"` };
  const entry = value as Record<string, unknown>;
  const shape = transportProblem({ command: entry.command, url: entry.url });
  if (shape) return { ok: false, message: `${at}: ${shape.message}` };
  const parsed =
    entry.command === undefined
      ? HttpServerSchema.safeParse(entry)
      : StdioServerSchema.safeParse(entry);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.length ? `.${issue.path.join(".")}` : "";
    return { ok: false, message: `${at}${path}: ${issue?.message ?? "invalid"}` };
  }
  const type = transportProblem(parsed.data);
  if (type)
    return { ok: false, message: `${at}${type.field ? `.${type.field}` : ""}: ${type.message}` };
  return { ok: true, config: serverConfigOf(parsed.data) };
}
