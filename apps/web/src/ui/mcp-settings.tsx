import type { McpServerRow } from "@elowen/wire";
import { useEffect, useMemo, useState } from "preact/hooks";
import { createHostUi } from "../model/host-ui.js";
import {
  MCP_PLUGIN,
  type McpChange,
  type McpRefusal,
  McpServers,
  signInReturn,
} from "../model/mcp-servers.js";
import { Alert, failureText } from "./alert.js";
import { isAdministrator, pluginStrings, useApp } from "./app-context.js";
import { McpServerForm } from "./mcp-server-form.js";
import { McpServerItem } from "./mcp-server-item.js";

/**
 * The MCP settings, over the MCP plugin's operator routes (`/plugins/mcp/servers`): every server
 * the account sees with its source, state, tool count and sign-in state; adding a server (a `url`
 * server for anyone, a `command` server for the instance owner), removing one, and the owner's
 * approval of an untrusted workspace `.mcp.json`, showing what it would run first.
 */
export function McpSettings() {
  const { client, me, plugins } = useApp();
  const servers = useMemo(
    () =>
      new McpServers(
        createHostUi({ client, plugin: MCP_PLUGIN, strings: pluginStrings(plugins, MCP_PLUGIN) }),
      ),
    [client, plugins],
  );
  const [rows, setRows] = useState<McpServerRow[]>();
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [openUrl, setOpenUrl] = useState<string>();
  const [adding, setAdding] = useState(false);
  const [refused, setRefused] = useState<{ name: string; refusal: McpRefusal }>();
  const owner = me.account.role === "owner";

  const load = () =>
    servers
      .list()
      .then((list) => {
        setRows(list);
        setError(undefined);
      })
      .catch((failure: unknown) => setError(failureText(failure)));
  useEffect(() => {
    const callback = signInReturn(location.search);
    if (callback === undefined) {
      void load();
      return;
    }
    // Back from a sign-in: hand code and state to the plugin once, then drop them from the address.
    history.replaceState(null, "", `${location.pathname}#/mcp`);
    void servers.finishSignIn(callback).then((answer) => {
      if (answer.ok) setNotice(answer.message);
      else setError(answer.message);
      void load();
    });
  }, [servers]);

  const act = async (name: string, change: Promise<McpChange>) => {
    const answer = await change;
    if (answer.ok) {
      setRows(answer.servers);
      setRefused(undefined);
      setNotice(answer.message);
      setOpenUrl(answer.openUrl);
    } else setRefused({ name, refusal: answer });
  };

  return (
    <section class="mcp-settings" aria-labelledby="mcp-title">
      <header class="page-head">
        <h1 id="mcp-title">MCP servers</h1>
        <button type="button" class="quiet" onClick={() => void load()}>
          Refresh
        </button>
        <button type="button" onClick={() => setAdding(true)} disabled={adding}>
          Add a server
        </button>
      </header>
      <Alert message={error} />
      {notice && (
        <p class="hint" role="status">
          {notice}
          {openUrl && (
            <>
              {" "}
              <a href={openUrl} rel="noopener noreferrer">
                Open the sign-in page
              </a>
            </>
          )}
        </p>
      )}
      {adding && (
        <McpServerForm
          owner={owner}
          onAdd={(draft) => servers.add(draft)}
          onCancel={() => setAdding(false)}
          onDone={(message) => {
            setAdding(false);
            setNotice(message);
            void load();
          }}
        />
      )}
      {rows === undefined && !error && (
        <p class="hint" role="status">
          Loading MCP servers…
        </p>
      )}
      {rows?.length === 0 && <p class="hint">No MCP servers are configured.</p>}
      <ul class="mcp-list">
        {rows?.map((row) => (
          <McpServerItem
            key={row.name}
            row={row}
            owner={owner}
            admin={isAdministrator(me)}
            refusal={refused?.name === row.name ? refused.refusal : undefined}
            onRemove={() => act(row.name, servers.remove(row.name))}
            onApprove={() => act(row.name, servers.approve(row.name))}
            onSignIn={() => act(row.name, servers.signIn(row.name))}
          />
        ))}
      </ul>
    </section>
  );
}
