import type { SessionModels } from "@elowen/wire";
import { useState } from "preact/hooks";
import type { BuiltinOutput } from "../model/builtin-commands.js";
import { Alert, failureText } from "./alert.js";
import { useApp } from "./app-context.js";
import { RenameSession } from "./rename-session.js";
import { routeHref } from "./router.js";
import { sessionTitle } from "./session-list.js";

/**
 * What a builtin command answered, above the prompt box: /help's commands in aligned columns,
 * /sessions' links, /rename's form (starting with the current title), or lines of text. Escape or
 * Close dismisses it.
 */
export function BuiltinPanel(props: {
  readonly output: BuiltinOutput;
  readonly onClose: () => void;
  readonly onRenamed: () => void;
}) {
  const { output } = props;
  const title =
    output.kind === "commands"
      ? "Commands"
      : output.kind === "sessions"
        ? "Sessions"
        : output.kind === "rename"
          ? "Rename this session"
          : output.kind === "models"
            ? "Models"
            : output.title;
  return (
    <section
      class="builtin-panel"
      aria-label={title}
      onKeyDown={(event) => {
        if (event.key === "Escape") props.onClose();
      }}
    >
      <header>
        <h2>{title}</h2>
        <button type="button" class="quiet" onClick={props.onClose}>
          Close
        </button>
      </header>
      <PanelBody output={output} onRenamed={props.onRenamed} />
    </section>
  );
}

function PanelBody({
  output,
  onRenamed,
}: {
  readonly output: BuiltinOutput;
  readonly onRenamed: () => void;
}) {
  switch (output.kind) {
    case "commands":
      return (
        <table class="command-table">
          <tbody>
            {output.commands.map((c) => (
              <tr key={c.name}>
                <th scope="row">
                  <code>
                    /{c.name}
                    {c.argumentHint ? ` ${c.argumentHint}` : ""}
                  </code>
                </th>
                <td>
                  {c.description}
                  {c.adminOnly ? " (administrators)" : ""}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      );
    case "sessions":
      return output.sessions.length === 0 ? (
        <p class="hint">No sessions yet.</p>
      ) : (
        <ul class="plain">
          {output.sessions.map((s) => (
            <li key={s.id}>
              <a
                href={routeHref({ page: "chat", sessionId: s.id })}
                aria-current={s.id === output.current ? "page" : undefined}
              >
                {sessionTitle(s)}
              </a>
            </li>
          ))}
        </ul>
      );
    case "rename":
      return <RenameSession id="builtin-rename" session={output.session} onRenamed={onRenamed} />;
    case "models":
      return <ModelChoices sessionId={output.sessionId} models={output.models} />;
    default:
      return (
        <div class="builtin-lines">
          {output.lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      );
  }
}

/**
 * /model: every model the session may run on as a button, the current one pressed; choosing one
 * switches the session from its next turn.
 */
function ModelChoices(props: { readonly sessionId: string; readonly models: SessionModels }) {
  const { client } = useApp();
  const [current, setCurrent] = useState(props.models.current);
  const [error, setError] = useState<string>();
  const named = (m: { provider: string; id: string }) => `${m.provider}/${m.id}`;
  return (
    <div class="model-choices">
      <ul class="plain">
        {props.models.models.map((m) => (
          <li key={named(m)}>
            <button
              type="button"
              class="quiet"
              aria-pressed={named(m) === named(current) ? "true" : "false"}
              onClick={async () => {
                try {
                  setCurrent((await client.sessions.setModel(props.sessionId, m)).current);
                  setError(undefined);
                } catch (failure) {
                  setError(failureText(failure));
                }
              }}
            >
              {m.label} <span class="hint">{named(m)}</span>
            </button>
          </li>
        ))}
      </ul>
      <p class="hint" role="status">
        This session runs on {current.label} from its next turn.
      </p>
      <Alert message={error} />
    </div>
  );
}
