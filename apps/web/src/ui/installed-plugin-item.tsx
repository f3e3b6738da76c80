import type { InstalledPlugin } from "@elowen/wire";
import { useState } from "preact/hooks";
import {
  activationText,
  type ConsentRequest,
  type InstalledPlugins,
} from "../model/installed-plugins.js";
import { Alert } from "./alert.js";
import { ConfirmRemove } from "./confirm-remove.js";
import { PluginConsent } from "./plugin-consent.js";

/** A plugin's load state in words. */
export function loadText(plugin: InstalledPlugin, restartPending: boolean): string {
  if (plugin.state === "refused") return `refused: ${plugin.reason ?? "the loader refused it"}`;
  if (plugin.state === "not-loaded" || restartPending) return "needs a restart";
  return "loaded";
}

/**
 * One installed plugin: name, version, where it came from, format, the capabilities it asks for
 * and those consented, and its load state; Update (asking again when its capabilities grew,
 * saying what changed) and Remove (confirmed first).
 */
export function InstalledPluginItem(props: {
  readonly plugin: InstalledPlugin;
  readonly plugins: InstalledPlugins;
  readonly restartPending: boolean;
  /** Told after a change went through, with the sentence saying what it did. */
  readonly onChanged: (message: string, restartNeeded: boolean) => void;
}) {
  const { plugin } = props;
  const [consent, setConsent] = useState<ConsentRequest>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const update = async (given?: ConsentRequest) => {
    setBusy(true);
    setError(undefined);
    const answer = await props.plugins.update(plugin.name, given?.mutates);
    setBusy(false);
    if (!answer.ok) return setError(answer.message);
    const outcome = answer.value;
    if (outcome.status === "needs-consent") return setConsent(outcome);
    setConsent(undefined);
    const change = [
      outcome.added.length > 0 ? `new: ${outcome.added.join(", ")}` : "",
      outcome.removed.length > 0 ? `dropped: ${outcome.removed.join(", ")}` : "",
    ].filter(Boolean);
    props.onChanged(
      `Updated ${plugin.name} ${outcome.previousVersion ?? plugin.version} → ${outcome.plugin.version}. Capabilities: ${change.length > 0 ? change.join("; ") : "unchanged"}. ${activationText(outcome.activation)}`,
      outcome.activation.load === "restart-needed",
    );
  };

  const remove = async () => {
    setBusy(true);
    const answer = await props.plugins.remove(plugin.name);
    setBusy(false);
    setConfirming(false);
    if (!answer.ok) return setError(answer.message);
    props.onChanged(
      `Removed ${answer.value.removed.name}@${answer.value.removed.version}. ${activationText(answer.value.activation)}`,
      false,
    );
  };

  return (
    <li data-plugin={plugin.name} aria-busy={busy ? "true" : undefined}>
      <h2>{plugin.name}</h2> <span class="hint">{plugin.version}</span>{" "}
      <span class={`badge state ${plugin.state}`}>{loadText(plugin, props.restartPending)}</span>
      <dl class="plugin-facts">
        <dt>Source</dt>
        <dd>
          <code>{plugin.spec}</code>
        </dd>
        <dt>Format</dt>
        <dd>{plugin.format}</dd>
        <dt>Capabilities asked for</dt>
        <dd>{plugin.mutates.join(", ") || "none"}</dd>
        <dt>Consented</dt>
        <dd>{plugin.consent.join(", ") || "none"}</dd>
      </dl>
      <Alert message={error} />
      {consent ? (
        <PluginConsent
          request={consent}
          action="update"
          before={plugin.mutates}
          busy={busy}
          onConsent={() => void update(consent)}
          onCancel={() => setConsent(undefined)}
        />
      ) : (
        !confirming && (
          <div class="actions">
            <button
              type="button"
              disabled={busy}
              onClick={() => void update()}
              aria-label={`Update ${plugin.name}`}
            >
              Update
            </button>
            <button
              type="button"
              class="danger"
              onClick={() => setConfirming(true)}
              aria-label={`Remove ${plugin.name}`}
            >
              Remove
            </button>
          </div>
        )
      )}
      {confirming && (
        <ConfirmRemove
          name={plugin.name}
          busy={busy}
          onRemove={() => void remove()}
          onKeep={() => setConfirming(false)}
        >
          Remove {plugin.name}? Its folder and pin are deleted; a loaded plugin stays loaded until
          the daemon restarts.
        </ConfirmRemove>
      )}
    </li>
  );
}
