import type { PluginMutation } from "@elowen/plugin-api";
import { useRef } from "preact/hooks";
import type { ConsentRequest } from "../model/installed-plugins.js";
import { useFocusFirst } from "./focus-first.js";

/**
 * The explicit consent step of an install or update: what the plugin is, every capability it asks
 * for (`capabilities.mutates`) with the ones not consented before marked new, and for an update
 * the ones it no longer asks for. Nothing is installed until the owner presses the consent button;
 * focus moves there when the step opens, and Cancel installs nothing.
 */
export function PluginConsent(props: {
  readonly request: ConsentRequest;
  readonly action: "install" | "update";
  /** For an update: what the installed version asks for, to show what was dropped. */
  readonly before?: readonly PluginMutation[];
  readonly busy: boolean;
  readonly onConsent: () => void;
  readonly onCancel: () => void;
}) {
  const { request } = props;
  const ref = useRef<HTMLFieldSetElement>(null);
  useFocusFirst(ref, true, "button");
  const dropped = (props.before ?? []).filter((m) => !request.mutates.includes(m));
  const verb = props.action === "install" ? "Install" : "Update";
  const title = `${verb} ${request.name}@${request.version}?`;
  return (
    <fieldset class="consent" ref={ref}>
      <legend>{title}</legend>
      <p>
        {props.action === "install"
          ? "It asks to change these parts of every turn:"
          : "The new version asks for more. It asks to change these parts of every turn:"}
      </p>
      <ul class="capabilities">
        {request.mutates.map((m) => (
          <li key={m}>
            <code>{m}</code>
            {props.action === "update" && request.added.includes(m) && (
              <span class="badge new"> new</span>
            )}
          </li>
        ))}
      </ul>
      {dropped.length > 0 && <p class="hint">No longer asked for: {dropped.join(", ")}.</p>}
      {request.diagnostics.length > 0 && (
        <ul class="hint">
          {request.diagnostics.map((d) => (
            <li key={d}>Not mapped: {d}</li>
          ))}
        </ul>
      )}
      <div class="actions">
        <button type="button" disabled={props.busy} onClick={props.onConsent}>
          Consent and {props.action}
        </button>
        <button type="button" class="quiet" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </fieldset>
  );
}
