import { useEffect, useRef } from "preact/hooks";
import { rowKey } from "../model/skills-store.js";
import { Alert } from "./alert.js";
import { isAdministrator, useApp } from "./app-context.js";
import { DeleteSkill, RemovedNotice, useSkillDeletion } from "./delete-skill.js";
import { useDialogKeys, useFocusFirst } from "./focus-first.js";
import { useSkills, viewText } from "./skills-host.js";
import { namedFor, sourceLabel } from "./skills-settings.js";
import { useStore } from "./use-store.js";

/**
 * The composer's `/skills` picker: the skills the reader may invoke (`effective.user`), fetched
 * when it opens. Choosing one puts `/skill:<name> ` in the prompt box; deleting one asks for the
 * owner explicitly, as the Skills settings do.
 */
export function SkillsPicker(props: {
  readonly onInsert: (line: string) => void;
  readonly onClose: () => void;
}) {
  const { host, store } = useSkills();
  const { me } = useApp();
  const state = useStore(store);
  const deletion = useSkillDeletion();
  useEffect(() => {
    void store.refresh();
  }, [store]);
  const rows = state.rows.filter((r) => r.effective.user);
  const admin = isAdministrator(me);
  const listRef = useRef<HTMLUListElement>(null);
  useFocusFirst(listRef, !state.loading);
  const dialogRef = useRef<HTMLElement>(null);
  useDialogKeys(dialogRef, props.onClose, state.rows);
  return (
    <section class="picker" role="dialog" aria-labelledby="skills-picker-title" ref={dialogRef}>
      <header>
        <h2 id="skills-picker-title">{viewText(host, "skills.title", "Skills")}</h2>
        <button type="button" class="quiet" onClick={props.onClose} aria-label="Close picker">
          ×
        </button>
      </header>
      <Alert message={state.error} />
      <RemovedNotice host={host} name={deletion.state.removed} />
      {!state.loading && rows.length === 0 && (
        <p class="hint">{viewText(host, "skills.empty", "No skills are available to you.")}</p>
      )}
      <ul class="picker-items" ref={listRef}>
        {rows.map((row) => {
          const key = rowKey(row);
          return (
            <li key={key}>
              <button type="button" onClick={() => props.onInsert(`/skill:${row.name} `)}>
                {row.name}
                <span class="badge">{sourceLabel(host, row.catalogSource)}</span>
              </button>
              <span class="hint"> {row.description}</span>
              {row.revision !== undefined && (
                <button
                  type="button"
                  class="quiet"
                  aria-label={`${viewText(host, "skills.deleteKey", "delete")} ${namedFor(host, row, rows)}`}
                  onClick={() => deletion.start(row)}
                >
                  {viewText(host, "skills.deleteKey", "delete")}
                </button>
              )}
              {deletion.state.open === key && (
                <DeleteSkill
                  host={host}
                  store={store}
                  row={row}
                  choices={{ instance: admin, otherAccounts: admin }}
                  deletion={deletion}
                />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
