import type { PluginMcpAuthState } from "@elowen/plugin-api/status";
import type { BrainStatusBody } from "@elowen/wire";
import { useEffect, useState } from "preact/hooks";
import { Alert, failureText } from "./alert.js";
import { isAdministrator, useApp } from "./app-context.js";

/** How an MCP server's sign-in state reads. */
export const AUTH_TEXT: Record<PluginMcpAuthState, string> = {
  none: "no sign-in needed",
  "signed-in": "signed in",
  "needs-sign-in": "needs sign-in",
  error: "sign-in failed",
  unsupported: "sign-in unsupported",
};

/**
 * The brain-status rail (`GET /brain/status`): the model (the offline model labelled), whether
 * new work is admitted, the plugins with the reason any was refused, and the MCP rows with their
 * authentication state. MCP is shown to administrators only; absent MCP data omits the section,
 * null says it is unavailable (never turned into an empty list). The rail reads the status once
 * when shown and on request; it performs no other server reads for MCP.
 */
export function StatusRail() {
  const { client, me } = useApp();
  const [status, setStatus] = useState<BrainStatusBody>();
  const [error, setError] = useState<string>();
  const load = () =>
    client
      .status()
      .then((s) => {
        setStatus(s);
        setError(undefined);
      })
      .catch((failure: unknown) => setError(failureText(failure)));
  useEffect(() => {
    void load();
  }, [client]);
  return (
    <aside class="rail" aria-labelledby="status-title">
      <div class="rail-head">
        <h2 id="status-title">Status</h2>
        <button type="button" class="quiet" onClick={() => void load()}>
          Refresh
        </button>
      </div>
      <Alert message={error} />
      {status && <StatusBody status={status} admin={isAdministrator(me)} />}
    </aside>
  );
}

/** The rail's contents for one status envelope. */
export function StatusBody({
  status,
  admin,
}: {
  readonly status: BrainStatusBody;
  readonly admin: boolean;
}) {
  return (
    <>
      <section aria-labelledby="status-model">
        <h3 id="status-model">Model</h3>
        <p>
          {status.model.label}
          {status.model.offline && <span class="badge offline">offline model</span>}
        </p>
        {!status.admitsNewWork && (
          <p class="warning">The daemon is stopping: it takes no new work.</p>
        )}
        <p class="hint">
          Core {status.core.version} · shared API {status.core.sharedApi} · UI API{" "}
          {status.core.uiApi}
        </p>
      </section>
      <section aria-labelledby="status-plugins">
        <h3 id="status-plugins">Plugins</h3>
        <ul class="plugin-rows">
          {status.plugins.map((p) => (
            <li key={p.name} class={p.state}>
              <span>{p.name}</span> <span class="hint">{p.version}</span>
              {p.state === "refused" && <p class="error">Refused: {p.reason}</p>}
            </li>
          ))}
        </ul>
      </section>
      {admin && status.mcp !== undefined && (
        <section aria-labelledby="status-mcp">
          <h3 id="status-mcp">MCP servers</h3>
          {status.mcp === null ? (
            <p class="hint">MCP status is unavailable.</p>
          ) : status.mcp.length === 0 ? (
            <p class="hint">No MCP servers.</p>
          ) : (
            <ul class="mcp-rows">
              {status.mcp.map((row) => (
                <li key={row.name}>
                  <span class="mcp-name">{row.name}</span>{" "}
                  <span class="mcp-status">{row.status}</span>{" "}
                  <span class={`badge auth ${row.auth.state}`}>{AUTH_TEXT[row.auth.state]}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </>
  );
}
