import type { InstalledPlugin } from "@elowen/wire";
import { useEffect, useMemo, useState } from "preact/hooks";
import {
  activationText,
  type ConsentRequest,
  InstalledPlugins,
} from "../model/installed-plugins.js";
import { Alert } from "./alert.js";
import { useApp } from "./app-context.js";
import { InstalledPluginItem } from "./installed-plugin-item.js";
import { PluginConsent } from "./plugin-consent.js";

/**
 * The Plugins page of the instance owner, over the daemon's owner-only `/admin/plugins` routes:
 * the installed plugins, and adding one by npm spec, folder or tarball (on the daemon's host)
 * with an explicit consent to the capabilities it asks for. Other accounts are told it is the
 * owner's (the top bar offers them no link to it).
 */
export function PluginsPage() {
  const { client, me } = useApp();
  const plugins = useMemo(() => new InstalledPlugins(client), [client]);
  const [list, setList] = useState<InstalledPlugin[]>();
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [restart, setRestart] = useState<ReadonlySet<string>>(new Set());
  const owner = me.account.role === "owner";

  const load = async () => {
    const answer = await plugins.list();
    if (answer.ok) {
      setList(answer.value);
      setError(undefined);
    } else setError(answer.message);
  };
  useEffect(() => {
    if (owner) void load();
  }, [plugins, owner]);

  if (!owner) return <Alert message="Only the instance owner installs and removes plugins." />;

  const changed = (message: string, name: string | undefined) => {
    setNotice(message);
    if (name) setRestart((names) => new Set([...names, name]));
    void load();
  };

  return (
    <section class="plugins-page" aria-labelledby="plugins-title">
      <header class="page-head">
        <h1 id="plugins-title">Plugins</h1>
        <p class="hint">
          Installed into the daemon's data directory, pinned by version and integrity.
        </p>
      </header>
      <AddPlugin plugins={plugins} onDone={changed} />
      <Alert message={error} />
      {notice && (
        <p class="hint" role="status">
          {notice}
        </p>
      )}
      {list === undefined && !error && (
        <p class="hint" role="status">
          Loading plugins…
        </p>
      )}
      {list?.length === 0 && <p class="hint">No plugins are installed.</p>}
      <ul class="plugin-list">
        {list?.map((plugin) => (
          <InstalledPluginItem
            key={plugin.name}
            plugin={plugin}
            plugins={plugins}
            restartPending={restart.has(plugin.name)}
            onChanged={(message, restartNeeded) =>
              changed(message, restartNeeded ? plugin.name : undefined)
            }
          />
        ))}
      </ul>
    </section>
  );
}

/** The add form: a spec, then the consent step when the plugin asks for capabilities. */
function AddPlugin(props: {
  readonly plugins: InstalledPlugins;
  readonly onDone: (message: string, restartName: string | undefined) => void;
}) {
  const [spec, setSpec] = useState("");
  const [consent, setConsent] = useState<ConsentRequest>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const install = async (given?: ConsentRequest) => {
    if (spec.trim() === "") return setError("spec: name a plugin (npm spec, folder or tarball)");
    setBusy(true);
    setError(undefined);
    const answer = await props.plugins.add(spec.trim(), given?.mutates);
    setBusy(false);
    if (!answer.ok) {
      setConsent(undefined);
      document.getElementById("plugin-spec")?.focus();
      return setError(answer.message);
    }
    const outcome = answer.value;
    if (outcome.status === "needs-consent") return setConsent(outcome);
    setConsent(undefined);
    setSpec("");
    const { plugin, activation } = outcome;
    props.onDone(
      `${outcome.status === "updated" ? "Updated" : "Installed"} ${plugin.name}@${plugin.version} (${plugin.format}), capabilities: ${plugin.consent.join(", ") || "none"}. ${activationText(activation)}`,
      activation.load === "restart-needed" ? plugin.name : undefined,
    );
  };

  return (
    <form
      class="plugin-add"
      aria-label="Add a plugin"
      onSubmit={(event) => {
        event.preventDefault();
        void install();
      }}
    >
      <label for="plugin-spec">npm spec, folder or tarball on the daemon's host</label>
      <input
        id="plugin-spec"
        value={spec}
        spellcheck={false}
        placeholder="acme-notes@^1.2, /srv/plugins/notes or notes-1.0.0.tgz"
        aria-invalid={error ? "true" : undefined}
        aria-describedby={error ? "plugin-spec-error" : undefined}
        disabled={consent !== undefined}
        onInput={(e) => setSpec(e.currentTarget.value)}
      />
      {error && (
        <p id="plugin-spec-error" class="error" role="alert">
          {error}
        </p>
      )}
      {consent ? (
        <PluginConsent
          request={consent}
          action="install"
          busy={busy}
          onConsent={() => void install(consent)}
          onCancel={() => setConsent(undefined)}
        />
      ) : (
        <button type="submit" disabled={busy}>
          {busy ? "Checking…" : "Add"}
        </button>
      )}
    </form>
  );
}
