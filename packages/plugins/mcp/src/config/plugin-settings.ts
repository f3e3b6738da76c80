import { z } from "zod";

/**
 * The plugin's settings: the `mcp:` section of `elowen.yaml` (or `plugins.settings` of
 * `@elowen/plugin-mcp`). `servers` are checked one by one later, so one bad entry refuses only
 * itself; the rest of the shape is checked here and a mistake refuses the plugin, naming the field.
 */
export const McpSettingsSchema = z.strictObject({
  /** The servers, by name: `{ command, args, env, cwd }` or `{ url, headers }` with common fields. */
  servers: z.record(z.string(), z.unknown()).optional(),
  /** The workspace whose `.mcp.json` is read (default: the daemon's working directory). */
  workspace: z.string().min(1).max(4096).optional(),
  /**
   * Lifts the address rules accounts' own `url` servers are held to: `true` for all, or a list of
   * rule names (`loopback`, `link-local`, `private`, `metadata`) and host names or addresses.
   */
  allowPrivateUrls: z
    .union([z.boolean(), z.array(z.string().trim().min(1).max(253)).max(256)])
    .optional(),
  /**
   * The daemon's address as people's browsers reach it (`https://elowen.example.com`): a sign-in's
   * redirect comes back there. Default: the Origin (else the Host) of the sign-in request.
   */
  publicUrl: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .optional(),
});

/** Checked settings. */
export type McpSettings = z.infer<typeof McpSettingsSchema>;

/**
 * The plugin's options as an operator writes them: the `mcp:` section of `elowen.yaml` (or
 * `plugins.settings["@elowen/plugin-mcp"]`). Each server is `{ command, args?, env?, cwd? }` or
 * `{ url, headers? }`, plus `enabled?`, `timeoutMs?` and `tools?: { allow?, deny? }`.
 */
export interface McpPluginOptions {
  readonly servers?: Readonly<Record<string, McpServerOptions>>;
  /** The workspace whose `.mcp.json` is read (default: the daemon's working directory). */
  readonly workspace?: string;
  /**
   * What accounts' own `url` servers may reach besides public addresses: `true` for everything,
   * or rule names (`loopback`, `link-local`, `private`, `metadata`) and host names or addresses.
   */
  readonly allowPrivateUrls?: boolean | readonly string[];
  /** The daemon's address as browsers reach it, where a sign-in's redirect comes back. */
  readonly publicUrl?: string;
}

/** One server entry as written. */
export type McpServerOptions = (
  | {
      readonly command: string;
      readonly args?: readonly string[];
      readonly env?: Readonly<Record<string, string>>;
      readonly cwd?: string;
    }
  | { readonly url: string; readonly headers?: Readonly<Record<string, string>> }
) & {
  readonly enabled?: boolean;
  readonly timeoutMs?: number;
  readonly tools?: { readonly allow?: readonly string[]; readonly deny?: readonly string[] };
};

/** Parses the settings; throws a TypeError naming the field and the rule. */
export function parseMcpSettings(settings: unknown): McpSettings {
  const parsed = McpSettingsSchema.safeParse(settings ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = ["mcp", ...(issue?.path ?? []).map(String)].join(".");
  const what = issue?.code === "unrecognized_keys" ? `${path}.${issue.keys.join(", ")}` : path;
  throw new TypeError(
    `${what}: ${issue?.code === "unrecognized_keys" ? "is not a setting of the MCP plugin (servers, workspace, allowPrivateUrls, publicUrl)" : issue?.message}`,
  );
}
