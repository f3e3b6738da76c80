import type { HostUi } from "@elowen/plugin-api/browser";
import type { SkillDiagnostic } from "@elowen/wire";
import { useEffect, useState } from "preact/hooks";
import { rowKey, type SkillRow } from "../model/skills-store.js";
import { Alert } from "./alert.js";
import { isAdministrator, useApp } from "./app-context.js";
import { DeleteSkill, RemovedNotice, useSkillDeletion } from "./delete-skill.js";
import { SkillEditor } from "./skill-editor.js";
import { useSkills, viewText } from "./skills-host.js";
import { useStore } from "./use-store.js";

const SOURCE_KEYS: Record<string, [string, string]> = {
  bundled: ["skills.sourceBundled", "Bundled"],
  plugin: ["skills.sourcePlugin", "Plugin"],
  instance: ["skills.sourceInstance", "Instance"],
  personal: ["skills.sourcePersonal", "Personal"],
};

/** The words for a row's `catalogSource`. */
export function sourceLabel(host: HostUi, source: string): string {
  const [key, fallback] = SOURCE_KEYS[source] ?? [`skills.source.${source}`, source];
  return viewText(host, key, fallback);
}

/**
 * The Skills settings, in the Skills plugin's own words (its view strings from `GET /ui/plugins`,
 * the settings' copy only where the daemon lists none): the account's catalog with each skill's
 * `catalogSource` and `effective` state, and create, edit, delete and transfer-with-edit of the Skills plugin's personal and
 * instance skills. Every mutation names its owner explicitly and is optimistic (rolled back on a
 * refusal). Instance skills can be created by the instance owner, other accounts' by
 * administrators.
 */
export function SkillsSettings() {
  const { host, store } = useSkills();
  const { me } = useApp();
  const state = useStore(store);
  const [editing, setEditing] = useState<string | "new">();
  const deletion = useSkillDeletion();
  useEffect(() => {
    void store.refresh();
  }, [store]);
  const admin = isAdministrator(me);
  const choices = {
    create: { instance: me.account.role === "owner", otherAccounts: admin },
    edit: { instance: admin, otherAccounts: admin },
  };
  const title = viewText(host, "skills.title", "Skills");
  return (
    <section class="skills" aria-labelledby="skills-title">
      <header class="page-head">
        <h1 id="skills-title">{title}</h1>
        {host.strings["skills.description"] && (
          <p class="hint">{host.strings["skills.description"]}</p>
        )}
        <button type="button" onClick={() => setEditing("new")} disabled={editing === "new"}>
          New skill
        </button>
      </header>
      <Alert message={state.error} />
      <RemovedNotice host={host} name={deletion.state.removed} />
      {editing === "new" && (
        <SkillEditor
          host={host}
          store={store}
          choices={choices}
          onDone={() => setEditing(undefined)}
        />
      )}
      {state.loading && (
        <p class="hint" role="status">
          Loading skills…
        </p>
      )}
      {!state.loading && state.rows.length === 0 && (
        <p class="hint">{viewText(host, "skills.empty", "No skills are available to you.")}</p>
      )}
      <ul class="skill-list">
        {state.rows.map((row) => {
          const key = rowKey(row);
          return (
            <li
              key={key}
              class={row.pending ? "pending" : undefined}
              data-skill={row.name}
              aria-busy={row.pending ? "true" : undefined}
            >
              {editing === key ? (
                <SkillEditor
                  host={host}
                  store={store}
                  row={row}
                  choices={choices}
                  onDone={() => setEditing(undefined)}
                />
              ) : (
                <SkillSummary
                  host={host}
                  row={row}
                  named={namedFor(host, row, state.rows)}
                  onEdit={row.revision !== undefined ? () => setEditing(key) : undefined}
                  onDelete={row.revision !== undefined ? () => deletion.start(row) : undefined}
                />
              )}
              {deletion.state.open === key && (
                <DeleteSkill
                  host={host}
                  store={store}
                  row={row}
                  choices={choices.edit}
                  deletion={deletion}
                />
              )}
            </li>
          );
        })}
      </ul>
      <SkillDiagnostics diagnostics={state.diagnostics ?? []} />
    </section>
  );
}

/** The catalog's remarks, for administrators: what was left out and why, and the warnings. */
function SkillDiagnostics(props: { readonly diagnostics: readonly SkillDiagnostic[] }) {
  if (props.diagnostics.length === 0) return null;
  return (
    <section class="skill-diagnostics" aria-labelledby="skill-diagnostics-title">
      <h2 id="skill-diagnostics-title">Diagnostics</h2>
      <ul>
        {props.diagnostics.map((note) => (
          <li key={`${note.path}:${note.code}`} data-outcome={note.outcome}>
            <strong>{note.outcome === "skipped" ? "Left out" : "Warning"}</strong>{" "}
            {note.name ?? note.path}
            {note.source && <span class="hint"> ({note.source})</span>}: {note.message}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * How a row's controls name it: by its name, and by its source too when another listed row has
 * the same name (a personal and an instance skill), so no two controls read the same.
 */
export function namedFor(host: HostUi, row: SkillRow, rows: readonly SkillRow[]): string {
  const twins = rows.filter((r) => r.name === row.name).length;
  return twins > 1 ? `${row.name} (${sourceLabel(host, row.catalogSource)})` : row.name;
}

function SkillSummary(props: {
  readonly host: HostUi;
  readonly row: SkillRow;
  /** The row's name as its controls say it ({@link namedFor}). */
  readonly named: string;
  readonly onEdit: (() => void) | undefined;
  readonly onDelete: (() => void) | undefined;
}) {
  const { host, row } = props;
  return (
    <div class="skill-summary">
      <h2>{row.name}</h2>
      <span class={`badge source ${row.catalogSource}`}>
        {sourceLabel(host, row.catalogSource)}
      </span>
      {row.pending && <span class="badge">{row.pending}…</span>}
      <p>{row.description}</p>
      <p class="hint">
        Model: {row.effective.model ? "offered automatically" : "not offered"} · You:{" "}
        {row.effective.user ? "can invoke it" : "cannot invoke it"}
        {row.lineCount !== null && ` · ${row.lineCount} lines`}
        {row.revision !== undefined && ` · revision ${row.revision}`}
      </p>
      {row.effective.user && (
        <p class="skill-use">
          {viewText(host, "skills.use", "Type /skill:{name} to use it.", { name: row.name })}
        </p>
      )}
      <div class="actions">
        {props.onEdit && (
          <button type="button" onClick={props.onEdit} aria-label={`Edit ${props.named}`}>
            Edit
          </button>
        )}
        {props.onDelete && (
          <button
            type="button"
            class="danger"
            onClick={props.onDelete}
            aria-label={`Delete ${props.named}`}
          >
            Delete
          </button>
        )}
      </div>
    </div>
  );
}
