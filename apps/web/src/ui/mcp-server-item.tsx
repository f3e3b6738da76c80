import type { PluginMcpAuthState } from "@elowen/plugin-api/status";
import type { McpServerRow } from "@elowen/wire";
import { useState } from "preact/hooks";
import type { McpRefusal } from "../model/mcp-servers.js";
import { Alert } from "./alert.js";
import { ConfirmRemove } from "./confirm-remove.js";
import { AUTH_TEXT } from "./status-rail.js";

const SOURCE_TEXT: Readonly<Record<string, string>> = {
  yaml: "elowen.yaml",
  "mcp.json": "mcp.json (instance)",
  plugin: "a plugin",
  workspace: "workspace .mcp.json",
  account: "your own",
};

/** A server's state in words: running, failed with its reason, awaiting approval, disabled… */
export function stateText(row: McpServerRow): string {
  switch (row.status) {
    case "connected":
      return "running";
    case "connecting":
      return "starting";
    case "failed":
      return row.reason ? `failed: ${row.reason}` : "failed";
    case "untrusted":
      return "untrusted workspace file, awaiting the owner's approval";
    case "needs-sign-in":
      return "waiting for a sign-in";
    default:
      return row.status;
  }
}

/** Whether the signed-in account may remove the row here (others are removed where written). */
const removable = (row: McpServerRow, owner: boolean) =>
  row.source === "account" || (row.source === "mcp.json" && owner);

/**
 * One MCP server: its name, source, state, tool count and sign-in state; remove (confirmed
 * first) when the account may, and for an untrusted workspace server what it would run and, for
 * the owner, Approve. A refusal of either is shown on the row.
 */
export function McpServerItem(props: {
  readonly row: McpServerRow;
  readonly owner: boolean;
  readonly admin: boolean;
  readonly refusal: McpRefusal | undefined;
  readonly onRemove: () => Promise<void>;
  readonly onApprove: () => Promise<void>;
  readonly onSignIn: () => Promise<void>;
}) {
  const { row } = props;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    await action();
    setBusy(false);
    setConfirming(false);
  };
  const auth = AUTH_TEXT[row.auth as PluginMcpAuthState] ?? row.auth;
  return (
    <li data-server={row.name} data-status={row.status} aria-busy={busy ? "true" : undefined}>
      <h2>{row.name}</h2>
      <span class="badge source">{SOURCE_TEXT[row.source] ?? row.source}</span>{" "}
      <span class={`badge status ${row.status}`}>{stateText(row)}</span>
      <p class="hint">
        {row.transport === "stdio" ? "command" : "url"} · {row.tools}{" "}
        {row.tools === 1 ? "tool" : "tools"} · {auth}
        {row.file && ` · ${row.file}`}
      </p>
      {row.launch && <Launch launch={row.launch} />}
      <Alert message={props.refusal?.message} />
      <div class="actions">
        {row.auth === "needs-sign-in" && (row.source === "account" || props.admin) && (
          <button
            type="button"
            disabled={busy}
            onClick={() => void run(props.onSignIn)}
            aria-label={`Sign in to ${row.name}`}
          >
            Sign in
          </button>
        )}
        {row.status === "untrusted" && props.owner && (
          <button
            type="button"
            disabled={busy}
            onClick={() => void run(props.onApprove)}
            aria-label={`Approve ${row.file ?? "the workspace file"} for ${row.name}`}
          >
            Approve
          </button>
        )}
        {row.status === "untrusted" && !props.owner && props.admin && (
          <p class="hint">Only the instance owner approves a workspace .mcp.json.</p>
        )}
        {removable(row, props.owner) && !confirming && (
          <button
            type="button"
            class="danger"
            onClick={() => setConfirming(true)}
            aria-label={`Remove ${row.name}`}
          >
            Remove
          </button>
        )}
      </div>
      {confirming && (
        <ConfirmRemove
          name={row.name}
          busy={busy}
          onRemove={() => void run(props.onRemove)}
          onKeep={() => setConfirming(false)}
        >
          Remove {row.name}? It stops now.
        </ConfirmRemove>
      )}
    </li>
  );
}

function Launch({ launch }: { readonly launch: NonNullable<McpServerRow["launch"]> }) {
  if ("url" in launch)
    return (
      <dl class="mcp-launch" aria-label="What it would reach">
        <dt>URL</dt>
        <dd>
          <code>{launch.url}</code>
        </dd>
        {launch.headers.length > 0 && (
          <>
            <dt>Headers</dt>
            <dd>{launch.headers.join(", ")}</dd>
          </>
        )}
      </dl>
    );
  return (
    <dl class="mcp-launch" aria-label="What it would run">
      <dt>Command</dt>
      <dd>
        <code>{[launch.command, ...launch.args].join(" ")}</code>
      </dd>
      {launch.cwd && (
        <>
          <dt>Folder</dt>
          <dd>
            <code>{launch.cwd}</code>
          </dd>
        </>
      )}
      {launch.env.length > 0 && (
        <>
          <dt>Environment</dt>
          <dd>{launch.env.join(", ")} (values not shown)</dd>
        </>
      )}
    </dl>
  );
}
