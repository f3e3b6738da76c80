import { z } from "zod";

/** Valid MCP authentication states of an `McpStatusRowSchema` row. */
export const PLUGIN_MCP_AUTH_STATES = [
  "none",
  "signed-in",
  "needs-sign-in",
  "error",
  "unsupported",
] as const;
/** One MCP authentication state. */
export type PluginMcpAuthState = (typeof PLUGIN_MCP_AUTH_STATES)[number];

/**
 * One MCP row as the host projects it: name, status and auth state, and optionally the number of
 * tools the server offers and why it is not connected; unknown fields are dropped.
 */
export const McpStatusRowSchema = z.object({
  name: z.string().min(1).max(200),
  status: z.string().min(1).max(64),
  auth: z.object({ state: z.enum(PLUGIN_MCP_AUTH_STATES) }),
  tools: z.number().int().min(0).optional(),
  reason: z.string().max(500).optional(),
});
/** One MCP row. */
export type McpStatusRow = z.infer<typeof McpStatusRowSchema>;

/** What a status provider may contribute: only fields of the stable brain-status envelope. */
export interface BrainStatusContribution {
  /** Null means "known to be unavailable"; omitted means "this provider says nothing". */
  readonly mcp?: readonly McpStatusRow[] | null;
}
/** The fields a status provider may set. */
export const BRAIN_STATUS_PROVIDER_FIELDS = ["mcp"] as const;

/** What a status provider is told about the reader. */
export interface BrainStatusProviderArgs {
  readonly isAdmin: boolean;
  readonly userId: number | null;
}
/** A status provider, called while `GET /brain/status` is assembled. */
export type BrainStatusProvider = (
  args: BrainStatusProviderArgs,
) =>
  | BrainStatusContribution
  | undefined
  | null
  | Promise<BrainStatusContribution | undefined | null>;

/** The model a session uses, as status shows it. */
export interface BrainStatusModel {
  readonly provider: string;
  readonly id: string;
  readonly label: string;
  /** True for the built-in offline model: every surface labels it. */
  readonly offline: boolean;
}

/** The stable envelope of `GET /brain/status`. An absent `mcp` omits the section. */
export interface BrainStatus {
  readonly core: { readonly version: string; readonly sharedApi: number; readonly uiApi: number };
  readonly model: BrainStatusModel;
  readonly admitsNewWork: boolean;
  readonly plugins: readonly {
    readonly name: string;
    readonly version: string;
    readonly state: "loaded" | "refused";
    readonly reason?: string;
  }[];
  readonly mcp?: readonly McpStatusRow[] | null;
}
