import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import {
  EMPTY_DRAFT,
  type McpChange,
  type McpRefusal,
  type McpServerDraft,
} from "../model/mcp-servers.js";
import { Alert } from "./alert.js";

/**
 * The form adding an MCP server: a `url` server (address, headers) for anyone, for the instance
 * owner also a `command` server (program, arguments, environment, folder) and the choice of whose
 * `url` server it is. A refusal is shown next to the field it names (or above the buttons when it
 * names none), and everything typed stays as it was.
 */
export function McpServerForm(props: {
  readonly owner: boolean;
  readonly onAdd: (draft: McpServerDraft) => Promise<McpChange>;
  readonly onDone: (message: string) => void;
  readonly onCancel: () => void;
}) {
  const [draft, setDraft] = useState<McpServerDraft>(
    props.owner ? { ...EMPTY_DRAFT, scope: "instance" } : EMPTY_DRAFT,
  );
  const [refusal, setRefusal] = useState<McpRefusal>();
  const [busy, setBusy] = useState(false);
  const edit = (change: Partial<McpServerDraft>) => setDraft((d) => ({ ...d, ...change }));

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    const answer = await props.onAdd(draft);
    setBusy(false);
    if (answer.ok) props.onDone(answer.message);
    else {
      setRefusal(answer);
      const target = answer.field ? document.getElementById(`mcp-add-${answer.field}`) : null;
      target?.focus();
    }
  };

  const field = (
    name: string,
    label: string,
    input: (id: string, error?: string) => ComponentChildren,
  ) => {
    const id = `mcp-add-${name}`;
    const error = refusal?.field === name ? refusal.message : undefined;
    return (
      <div class="field">
        <label for={id}>{label}</label>
        {input(id, error ? `${id}-error` : undefined)}
        {error && (
          <p id={`${id}-error`} class="error" role="alert">
            {error}
          </p>
        )}
      </div>
    );
  };
  const invalid = (name: string) => (refusal?.field === name ? "true" : undefined);
  const shown = [
    "name",
    ...(draft.kind === "url" ? ["url", "headers"] : ["command", "args", "env", "cwd"]),
    ...(props.owner && draft.kind === "url" ? ["scope"] : []),
  ];
  const formLevel = refusal && !shown.includes(refusal.field ?? "") ? refusal.message : undefined;

  return (
    // The daemon's rules decide, and its refusal is shown beside the field: no browser bubbles.
    <form class="mcp-form" aria-label="Add an MCP server" onSubmit={submit} noValidate>
      <h2>Add an MCP server</h2>
      {field("name", "Name", (id, described) => (
        <input
          id={id}
          value={draft.name}
          spellcheck={false}
          aria-invalid={invalid("name")}
          aria-describedby={described}
          onInput={(e) => edit({ name: e.currentTarget.value })}
        />
      ))}
      {props.owner && (
        <fieldset class="mcp-kind">
          <legend>Kind</legend>
          <label>
            <input
              type="radio"
              name="mcp-kind"
              checked={draft.kind === "url"}
              onChange={() => edit({ kind: "url" })}
            />{" "}
            A url server (Streamable HTTP)
          </label>
          <label>
            <input
              type="radio"
              name="mcp-kind"
              checked={draft.kind === "command"}
              onChange={() => edit({ kind: "command" })}
            />{" "}
            A command server (runs a program on the daemon's host)
          </label>
        </fieldset>
      )}
      {draft.kind === "url" ? (
        <>
          {field("url", "URL", (id, described) => (
            <input
              id={id}
              type="url"
              value={draft.url}
              spellcheck={false}
              placeholder="https://example.com/mcp"
              aria-invalid={invalid("url")}
              aria-describedby={described}
              onInput={(e) => edit({ url: e.currentTarget.value })}
            />
          ))}
          {field("headers", "Headers (one Name: value a line)", (id, described) => (
            <textarea
              id={id}
              rows={2}
              value={draft.headers}
              spellcheck={false}
              aria-invalid={invalid("headers")}
              aria-describedby={described}
              onInput={(e) => edit({ headers: e.currentTarget.value })}
            />
          ))}
          {props.owner && (
            <fieldset class="mcp-scope">
              <legend>Whose server</legend>
              <label>
                <input
                  type="radio"
                  name="mcp-scope"
                  checked={draft.scope === "instance"}
                  onChange={() => edit({ scope: "instance" })}
                />{" "}
                Everyone on this instance
              </label>
              <label>
                <input
                  type="radio"
                  name="mcp-scope"
                  checked={draft.scope === "account"}
                  onChange={() => edit({ scope: "account" })}
                />{" "}
                Mine only
              </label>
              {refusal?.field === "scope" && (
                <p class="error" role="alert">
                  {refusal.message}
                </p>
              )}
            </fieldset>
          )}
        </>
      ) : (
        <>
          {field("command", "Command", (id, described) => (
            <input
              id={id}
              value={draft.command}
              spellcheck={false}
              aria-invalid={invalid("command")}
              aria-describedby={described}
              onInput={(e) => edit({ command: e.currentTarget.value })}
            />
          ))}
          {field("args", "Arguments (one a line)", (id, described) => (
            <textarea
              id={id}
              rows={3}
              value={draft.args}
              spellcheck={false}
              aria-invalid={invalid("args")}
              aria-describedby={described}
              onInput={(e) => edit({ args: e.currentTarget.value })}
            />
          ))}
          {field("env", "Environment (one NAME=value a line)", (id, described) => (
            <textarea
              id={id}
              rows={2}
              value={draft.env}
              spellcheck={false}
              aria-invalid={invalid("env")}
              aria-describedby={described}
              onInput={(e) => edit({ env: e.currentTarget.value })}
            />
          ))}
          {field("cwd", "Working folder (optional)", (id, described) => (
            <input
              id={id}
              value={draft.cwd}
              spellcheck={false}
              aria-invalid={invalid("cwd")}
              aria-describedby={described}
              onInput={(e) => edit({ cwd: e.currentTarget.value })}
            />
          ))}
        </>
      )}
      <Alert message={formLevel} />
      <div class="actions">
        <button type="submit" disabled={busy}>
          {busy ? "Adding…" : "Add"}
        </button>
        <button type="button" class="quiet" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
