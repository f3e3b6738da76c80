import type { HostUi } from "@elowen/plugin-api/browser";
import { useState } from "preact/hooks";
import { ownerOfSource, type SkillOwner } from "../model/skill-owner.js";
import { rowKey, type SkillRow, type SkillsStore, skillKey } from "../model/skills-store.js";
import { Alert } from "./alert.js";
import { type OwnerChoices, OwnerPicker } from "./owner-picker.js";
import { viewText } from "./skills-host.js";

/**
 * Which skill's deletion is open, the owner chosen for it and how the last attempt went. Held by
 * the list, not by the form: the optimistic removal takes the row (and its form) off the list
 * while the daemon answers, and a refusal puts it back, so the form's own state would be lost and
 * the refusal never read.
 */
export interface SkillDeletion {
  /** The key ({@link rowKey}) of the row whose deletion is open. */
  readonly open: string | undefined;
  readonly owner: SkillOwner | undefined;
  readonly failure: string | undefined;
  /** The name of the skill last removed, for the "Removed {name}." notice. */
  readonly removed: string | undefined;
}

/** The state of the deletions of one list, and its moves. */
export function useSkillDeletion() {
  const [state, setState] = useState<SkillDeletion>({
    open: undefined,
    owner: undefined,
    failure: undefined,
    removed: undefined,
  });
  return {
    state,
    /** Opens the deletion of `row`, its owner prefilled from where the row lives. */
    start: (row: SkillRow) =>
      setState({
        open: rowKey(row),
        owner: ownerOfSource(row.catalogSource),
        failure: undefined,
        removed: undefined,
      }),
    choose: (owner: SkillOwner | undefined) => setState((s) => ({ ...s, owner })),
    fail: (failure: string) => setState((s) => ({ ...s, failure })),
    removed: (name: string) =>
      setState({ open: undefined, owner: undefined, failure: undefined, removed: name }),
    close: () => setState((s) => ({ ...s, open: undefined, failure: undefined })),
  };
}

/** The moves of a list's deletions ({@link useSkillDeletion}). */
export type SkillDeletionControl = ReturnType<typeof useSkillDeletion>;

/** The Skills plugin's "Removed {name}." once a deletion went through; nothing before. */
export function RemovedNotice(props: { readonly host: HostUi; readonly name: string | undefined }) {
  if (props.name === undefined) return null;
  return (
    <p class="hint" role="status">
      {viewText(props.host, "skills.deleted", "Removed {name}.", { name: props.name })}
    </p>
  );
}

/**
 * The deletion of a skill: the owner is chosen explicitly (prefilled from where the row lives,
 * never inferred); the row goes at once, and a refusal brings it back with the daemon's reason.
 */
export function DeleteSkill(props: {
  readonly host: HostUi;
  readonly store: SkillsStore;
  readonly row: SkillRow;
  readonly choices: OwnerChoices;
  readonly deletion: SkillDeletionControl;
}) {
  const { host, store, row, deletion } = props;
  const { owner, failure } = deletion.state;
  const confirm = async () => {
    if (owner === undefined) {
      deletion.fail("owner: choose whose skill to delete");
      return;
    }
    const result = await store.remove(owner, row);
    if (result.ok) deletion.removed(row.name);
    else deletion.fail(result.message);
  };
  return (
    <div class="confirm">
      <OwnerPicker
        id={`delete-${skillKey(row)}`}
        legend={`Delete ${row.name} from`}
        value={owner}
        onChange={deletion.choose}
        choices={props.choices}
        labels={{
          me: viewText(host, "skills.ownerMe", "Mine"),
          instance: viewText(host, "skills.ownerInstance", "Everyone on this instance"),
        }}
      />
      <Alert message={failure} />
      <button type="button" class="danger" onClick={confirm}>
        Delete {row.name}
      </button>
      <button type="button" onClick={deletion.close}>
        Cancel
      </button>
    </div>
  );
}
