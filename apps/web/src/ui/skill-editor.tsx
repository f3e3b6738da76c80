import type { HostUi } from "@elowen/plugin-api/browser";
import {
  SKILL_DESCRIPTION_MAX_CHARS,
  SKILL_NAME_MAX_CHARS,
  SKILL_NAME_PATTERN,
} from "@elowen/plugin-api/limits";
import { useState } from "preact/hooks";
import { ownerOfSource, type SkillOwner } from "../model/skill-owner.js";
import type { SkillMutation, SkillRow, SkillsStore } from "../model/skills-store.js";
import { Alert } from "./alert.js";
import { type OwnerChoices, OwnerPicker } from "./owner-picker.js";
import { viewText } from "./skills-host.js";

/**
 * The create and edit form of a skill. Creating needs a name (the skill-name rule), a description
 * (at most 1,024 characters), instructions, and an explicitly chosen owner. Editing sends the
 * revision it was opened at; choosing another owner moves the skill there with the edit applied
 * (transfer-with-edit). A stale revision (409) offers to reload the fresh one, keeping the
 * discarded text visible.
 */
export function SkillEditor(props: {
  readonly host: HostUi;
  readonly store: SkillsStore;
  /** The row being edited; absent to create one. */
  readonly row?: SkillRow;
  readonly choices: { readonly create: OwnerChoices; readonly edit: OwnerChoices };
  readonly onDone: () => void;
}) {
  const { host, store, row } = props;
  const source = row ? ownerOfSource(row.catalogSource) : undefined;
  const [name, setName] = useState(row?.name ?? "");
  const [description, setDescription] = useState(row?.description ?? "");
  const [content, setContent] = useState(row?.content ?? "");
  const [owner, setOwner] = useState<SkillOwner | undefined>(source);
  const [destination, setDestination] = useState<SkillOwner | undefined>(source);
  const [revision, setRevision] = useState(row?.revision);
  const [failure, setFailure] = useState<Extract<SkillMutation, { ok: false }>>();
  const [problem, setProblem] = useState<string>();
  const [discarded, setDiscarded] = useState<string>();
  const [busy, setBusy] = useState(false);
  const labels = {
    me: viewText(host, "skills.ownerMe", "Mine"),
    instance: viewText(host, "skills.ownerInstance", "Everyone on this instance"),
  };

  const check = (): string | undefined => {
    if (!row) {
      if (!SKILL_NAME_PATTERN.test(name) || name.length > SKILL_NAME_MAX_CHARS)
        return `name: 1 to ${SKILL_NAME_MAX_CHARS} lowercase letters, digits and single dashes (like report-guide)`;
      if (owner === undefined) return "owner: choose whose skill this is";
    } else if (owner === undefined || destination === undefined)
      return "owner: choose where the skill is and where it goes";
    if (description.trim() === "") return "description: say when to use the skill";
    if (description.length > SKILL_DESCRIPTION_MAX_CHARS)
      return `description: at most ${SKILL_DESCRIPTION_MAX_CHARS} characters, this one has ${description.length}`;
    return undefined;
  };

  const save = async (event: Event) => {
    event.preventDefault();
    const rule = check();
    setProblem(rule);
    if (rule) return;
    setBusy(true);
    setFailure(undefined);
    let result: SkillMutation;
    if (!row) result = await store.create(owner ?? null, { name, description, content });
    else {
      const edit = {
        ...(description !== row.description ? { description } : {}),
        ...(content !== (row.content ?? "") ? { content } : {}),
      };
      const moving = destination !== owner;
      result = moving
        ? await store.transfer(owner ?? null, row, destination ?? null, edit, revision)
        : Object.keys(edit).length === 0
          ? { ok: true }
          : await store.update(owner ?? null, row, edit, revision);
    }
    setBusy(false);
    if (result.ok) props.onDone();
    else setFailure(result);
  };

  const reloadFresh = async () => {
    await store.refresh();
    const fresh = store.state.rows.find(
      (r) => r.name === row?.name && r.catalogSource === row?.catalogSource,
    );
    setDiscarded(content);
    setFailure(undefined);
    if (fresh) {
      setDescription(fresh.description);
      setContent(fresh.content ?? "");
      setRevision(fresh.revision);
    }
  };

  const id = row ? `edit-${row.name}` : "new-skill";
  return (
    <form class="skill-editor" onSubmit={save} aria-label={row ? `Edit ${row.name}` : "New skill"}>
      <h3>{row ? `Edit ${row.name}` : "New skill"}</h3>
      {!row && (
        <>
          <label for={`${id}-name`}>Name</label>
          <input
            id={`${id}-name`}
            value={name}
            spellcheck={false}
            onInput={(e) => setName(e.currentTarget.value)}
          />
        </>
      )}
      <label for={`${id}-description`}>Description</label>
      <input
        id={`${id}-description`}
        value={description}
        onInput={(e) => setDescription(e.currentTarget.value)}
      />
      <label for={`${id}-content`}>Instructions (Markdown)</label>
      <textarea
        id={`${id}-content`}
        rows={10}
        value={content}
        onInput={(e) => setContent(e.currentTarget.value)}
      />
      <OwnerPicker
        id={`${id}-owner`}
        legend={row ? "Where it is now" : "Owner"}
        value={owner}
        onChange={setOwner}
        choices={row ? props.choices.edit : props.choices.create}
        labels={labels}
      />
      {row && (
        <OwnerPicker
          id={`${id}-destination`}
          legend="Keep it there, or move it to"
          value={destination}
          onChange={setDestination}
          choices={props.choices.create}
          labels={labels}
        />
      )}
      <Alert message={problem} />
      {failure && (
        <div class="error" role="alert">
          <p>
            {failure.stale
              ? viewText(
                  host,
                  "skills.staleRevision",
                  "This skill changed since you opened it. Reload it and apply your edit again.",
                )
              : failure.message}
          </p>
          {failure.stale && (
            <>
              <p class="hint">{failure.message}</p>
              <button type="button" onClick={reloadFresh}>
                Reload the fresh revision
              </button>
            </>
          )}
        </div>
      )}
      {discarded !== undefined && (
        <details class="discarded">
          <summary>Your discarded instructions</summary>
          <pre>{discarded}</pre>
        </details>
      )}
      <div class="actions">
        <button type="submit" disabled={busy}>
          {busy ? "Saving…" : row ? "Save" : "Create"}
        </button>
        <button type="button" onClick={props.onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
