import type { HostUi } from "@elowen/plugin-api/browser";
import { MCP_SERVERS_PATH, McpServerListSchema, type McpServerRow } from "@elowen/wire";
import { HostApiError } from "./host-ui.js";

/** The MCP plugin, whose operator routes (`/plugins/mcp/servers`) the MCP settings use. */
export const MCP_PLUGIN = "@elowen/plugin-mcp";

/** The query a sign-in's redirect comes back to the web root with (the MCP plugin's). */
const SIGN_IN_RETURN = "mcp_oauth";

/**
 * The code and state of a sign-in's redirect back to this page (`?mcp_oauth=callback&code&state`),
 * or undefined when the page was opened otherwise.
 */
export function signInReturn(search: string): { code: string; state: string } | undefined {
  const query = new URLSearchParams(search);
  const code = query.get("code");
  const state = query.get("state");
  if (query.get(SIGN_IN_RETURN) !== "callback" || !code || !state) return undefined;
  return { code, state };
}

/** A server to add, as the form holds it (text fields as typed). */
export interface McpServerDraft {
  readonly name: string;
  readonly kind: "url" | "command";
  /** Whose server a `url` server is, when the instance owner adds it (others add their own). */
  readonly scope?: "instance" | "account";
  readonly url: string;
  /** One `Name: value` per line. */
  readonly headers: string;
  readonly command: string;
  /** One argument per line. */
  readonly args: string;
  /** One `NAME=value` per line. */
  readonly env: string;
  readonly cwd: string;
}

/** An empty draft: a `url` server, which any account may add. */
export const EMPTY_DRAFT: McpServerDraft = {
  name: "",
  kind: "url",
  url: "",
  headers: "",
  command: "",
  args: "",
  env: "",
  cwd: "",
};

/** A refusal of the daemon (or of the form's own check), with the field it names if any. */
export interface McpRefusal {
  readonly status: number;
  /** The body field the sentence starts with (`url`, `headers`, `name`…), when it names one. */
  readonly field?: string;
  readonly message: string;
}

/** What a change of the servers answered. */
export type McpChange =
  | {
      readonly ok: true;
      readonly message: string;
      readonly servers: McpServerRow[];
      /** The authorization link a sign-in answers, to open. */
      readonly openUrl?: string;
    }
  | ({ readonly ok: false } & McpRefusal);

const FIELDS = ["name", "scope", "command", "args", "env", "cwd", "url", "headers"];

/** A boundary refusal's sentence without the request part it starts with (`body.url: …` → `url: …`). */
function withoutBoundaryPart(message: string): string {
  return message.replace(/^(?:body|params)\./, "");
}

/**
 * The field a refusal names: its sentence starts with `field:` (or `field.key:`), as the MCP
 * plugin's answers do, or with `body.field:` as the daemon's boundary check of the route's
 * schema says it; none for a sentence about the whole request.
 */
export function refusalField(message: string): string | undefined {
  const head = /^([a-zA-Z]+)(?:\.[^:\s]*)?:/.exec(withoutBoundaryPart(message))?.[1];
  return head !== undefined && FIELDS.includes(head) ? head : undefined;
}

/** Reads `K<sep>V` lines into a mapping; a line without the separator is refused, named. */
function pairs(
  text: string,
  field: "env" | "headers",
  separator: "=" | ":",
): Record<string, string> | McpRefusal | undefined {
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  if (lines.length === 0) return undefined;
  const mapping: Record<string, string> = {};
  for (const [index, line] of lines.entries()) {
    const at = line.indexOf(separator);
    if (at < 1)
      return {
        status: 400,
        field,
        message: `${field}: line ${index + 1} is not ${separator === "=" ? "NAME=value" : "Name: value"}`,
      };
    mapping[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return mapping;
}

const isRefusal = (value: unknown): value is McpRefusal =>
  typeof value === "object" && value !== null && "message" in value && "status" in value;

/** The body of `POST /plugins/mcp/servers` for a draft, or the form's refusal of it. */
export function addBody(draft: McpServerDraft): Record<string, unknown> | McpRefusal {
  if (draft.kind === "url") {
    const headers = pairs(draft.headers, "headers", ":");
    if (isRefusal(headers)) return headers;
    return {
      name: draft.name.trim(),
      ...(draft.scope ? { scope: draft.scope } : {}),
      url: draft.url.trim(),
      ...(headers ? { headers } : {}),
    };
  }
  const env = pairs(draft.env, "env", "=");
  if (isRefusal(env)) return env;
  const args = draft.args.split("\n").filter((line) => line.trim() !== "");
  return {
    name: draft.name.trim(),
    command: draft.command.trim(),
    ...(args.length > 0 ? { args } : {}),
    ...(env ? { env } : {}),
    ...(draft.cwd.trim() ? { cwd: draft.cwd.trim() } : {}),
  };
}

/** The servers routes of the MCP plugin over the host UI API, answers parsed. */
export class McpServers {
  readonly #host: HostUi;
  constructor(host: HostUi) {
    this.#host = host;
  }

  /** `GET /plugins/mcp/servers`: the servers the signed-in account sees. */
  async list(): Promise<McpServerRow[]> {
    return McpServerListSchema.parse(await this.#host.api(MCP_SERVERS_PATH)).servers;
  }

  /** `POST /plugins/mcp/servers`: adds a server (201), refused with the field named. */
  add(draft: McpServerDraft): Promise<McpChange> {
    const body = addBody(draft);
    if (isRefusal(body)) return Promise.resolve({ ok: false, ...body });
    return this.#change("POST", MCP_SERVERS_PATH, body);
  }

  /** `DELETE /plugins/mcp/servers/:name`. */
  remove(name: string): Promise<McpChange> {
    return this.#change("DELETE", `${MCP_SERVERS_PATH}/${encodeURIComponent(name)}`);
  }

  /** `POST /plugins/mcp/servers/:name/approve`: approves the workspace file as it is now. */
  approve(name: string): Promise<McpChange> {
    return this.#change("POST", `${MCP_SERVERS_PATH}/${encodeURIComponent(name)}/approve`);
  }

  /** `POST /plugins/mcp/servers/:name/sign-in`: the authorization link to open (`openUrl`). */
  signIn(name: string): Promise<McpChange> {
    return this.#change("POST", `${MCP_SERVERS_PATH}/${encodeURIComponent(name)}/sign-in`);
  }

  /** `POST /plugins/mcp/oauth/callback`: finishes a sign-in with the redirect's code and state. */
  finishSignIn(callback: { code: string; state: string }): Promise<McpChange> {
    return this.#change("POST", "/plugins/mcp/oauth/callback", callback);
  }

  async #change(method: "POST" | "DELETE", path: string, json?: unknown): Promise<McpChange> {
    try {
      const answer = McpServerListSchema.parse(
        await this.#host.api(path, { method, ...(json === undefined ? {} : { json }) }),
      );
      return {
        ok: true,
        message: answer.message ?? "Done.",
        servers: answer.servers,
        ...(answer.openUrl === undefined ? {} : { openUrl: answer.openUrl }),
      };
    } catch (error) {
      const status = error instanceof HostApiError ? error.status : 0;
      const said = error instanceof Error ? error.message : String(error);
      const field = refusalField(said);
      // Beside its field the refusal reads as the form names it (`url: ...`, not `body.url: ...`).
      const message = field === undefined ? said : withoutBoundaryPart(said);
      return { ok: false, status, message, ...(field === undefined ? {} : { field }) };
    }
  }
}
