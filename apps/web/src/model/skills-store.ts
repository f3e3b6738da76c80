import type { HostUi } from "@elowen/plugin-api/browser";
import { errorMessage } from "@elowen/plugin-shared/errors";
import type { SkillDiagnostic, SkillListRow, SkillListRowSchema } from "@elowen/wire";
import { parseSkillList } from "./skill-list.js";
import { ownerBody, ownerQuery, type SkillOwner } from "./skill-owner.js";
import { Store } from "./store.js";

/**
 * One row of `GET /plugins/skills/list` (parsed by {@link SkillListRowSchema}): `catalogSource` and
 * `effective` say scope and state; `revision` (send it as `expectedRevision`) and `content` come
 * with the Skills plugin's own personal and instance skills.
 */
export interface SkillRow extends Readonly<SkillListRow> {
  /** Set while an optimistic change of this row waits for the daemon. */
  readonly pending?: "creating" | "saving" | "deleting" | "moving";
  /** While a transfer waits: the key ({@link skillKey}) the row had before it moved. */
  readonly movedFrom?: string;
}

/** A new skill, as the create form sends it. */
export interface NewSkillInput {
  readonly name: string;
  readonly description: string;
  readonly content: string;
  readonly disableModelInvocation?: boolean;
  readonly userInvocable?: boolean;
}

/** A partial edit: only the fields given change. */
export interface SkillEditInput {
  readonly description?: string;
  readonly content?: string;
  readonly disableModelInvocation?: boolean;
  readonly userInvocable?: boolean;
}

/** The outcome of a mutation: done, or refused with the daemon's sentence (`stale` for a 409). */
export type SkillMutation =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly status: number;
      readonly message: string;
      readonly stale: boolean;
    };

/** What the Skills settings draw. */
export interface SkillsState {
  readonly rows: readonly SkillRow[];
  readonly loading: boolean;
  /** The catalog's remarks (administrators only): skills left out and why, warnings. */
  readonly diagnostics?: readonly SkillDiagnostic[];
  /** Why the catalog could not be read (a refused mutation is answered to its caller instead). */
  readonly error?: string;
}

/** The path of the Skills plugin's routes. */
const BASE = "/plugins/skills";

/** The key of a row: its source and name (the picker's row id). */
export function skillKey(row: Pick<SkillRow, "catalogSource" | "name">): string {
  return `${row.catalogSource}:${row.name}`;
}

/**
 * The key a list draws a row under: {@link skillKey}, or while a transfer waits the key it had
 * before, so the row (and the editor open on it) stays put until the daemon answers.
 */
export function rowKey(row: Pick<SkillRow, "catalogSource" | "name" | "movedFrom">): string {
  return row.movedFrom ?? skillKey(row);
}

/**
 * The Skills settings' catalog and its mutations over the host UI API (`api(path, { method,
 * json })`). Every mutation takes an explicit {@link SkillOwner} (null is `owner=me`) and is
 * optimistic: the row changes at once, marked pending, and on a refusal exactly that row is put
 * back as it was (other rows changed meanwhile are kept) and the refusal is answered to the
 * caller. A success reloads the catalog, which carries the new revision and `effective` state.
 */
export class SkillsStore extends Store<SkillsState> {
  readonly #host: HostUi;

  constructor(host: HostUi) {
    super({ rows: [], loading: true });
    this.#host = host;
  }

  /**
   * Reads the account's catalog. An answer that breaks the list's shape keeps the rows shown so
   * far and says which field was wrong.
   */
  async refresh(): Promise<void> {
    try {
      const answer = parseSkillList(await this.#host.api<unknown>(`${BASE}/list`));
      if (answer.ok)
        this.set({ rows: answer.rows, loading: false, diagnostics: answer.diagnostics });
      else this.set({ ...this.state, loading: false, error: answer.message });
    } catch (error) {
      this.set({ ...this.state, loading: false, error: errorMessage(error) });
    }
  }

  /** `POST /plugins/skills?owner=`: creates a skill in the owner's folder. */
  async create(owner: SkillOwner, input: NewSkillInput): Promise<SkillMutation> {
    const path = `${BASE}?owner=${ownerQuery(owner)}`;
    const row: SkillRow = {
      name: input.name,
      description: input.description,
      plugin: "@elowen/plugin-skills",
      catalogSource: owner === "instance" ? "instance" : "personal",
      effective: {
        model: input.disableModelInvocation !== true,
        user: input.userInvocable !== false,
      },
      lineCount: null,
      content: input.content,
      pending: "creating",
    };
    return this.#mutate(
      { remove: undefined, insert: row },
      () => this.#host.api(path, { method: "POST", json: input }),
      async () => false,
    );
  }

  /** `PATCH /plugins/skills/:name?owner=`: edits a skill; a stale revision is refused (409). */
  async update(
    owner: SkillOwner,
    row: SkillRow,
    edit: SkillEditInput,
    expectedRevision: number | undefined = row.revision,
  ): Promise<SkillMutation> {
    const path = `${BASE}/${encodeURIComponent(row.name)}?owner=${ownerQuery(owner)}`;
    const changed: SkillRow = { ...row, ...pickText(edit), pending: "saving" };
    const json = expectedRevision === undefined ? edit : { ...edit, expectedRevision };
    return this.#mutate(
      { remove: row, insert: changed },
      () => this.#host.api(path, { method: "PATCH", json }),
      async () => expectedRevision !== undefined,
    );
  }

  /** `DELETE /plugins/skills/:name?owner=`: removes a skill from the owner's folder. */
  async remove(
    owner: SkillOwner,
    row: SkillRow,
    expectedRevision: number | undefined = row.revision,
  ): Promise<SkillMutation> {
    const path = `${BASE}/${encodeURIComponent(row.name)}?owner=${ownerQuery(owner)}`;
    return this.#mutate(
      { remove: row, insert: undefined },
      () =>
        this.#host.api(path, {
          method: "DELETE",
          ...(expectedRevision === undefined ? {} : { json: { expectedRevision } }),
        }),
      async () => expectedRevision !== undefined,
    );
  }

  /**
   * `POST /plugins/skills/:name/owner?owner=<source>` with `{ owner: <destination>, ...edit }`:
   * moves a skill to another owner's folder, applying an edit at the destination.
   */
  async transfer(
    source: SkillOwner,
    row: SkillRow,
    destination: SkillOwner,
    edit: SkillEditInput = {},
    expectedRevision: number | undefined = row.revision,
  ): Promise<SkillMutation> {
    const path = `${BASE}/${encodeURIComponent(row.name)}/owner?owner=${ownerQuery(source)}`;
    const moved: SkillRow = {
      ...row,
      ...pickText(edit),
      catalogSource: destination === "instance" ? "instance" : "personal",
      pending: "moving",
      movedFrom: skillKey(row),
    };
    const json = {
      owner: ownerBody(destination),
      ...edit,
      ...(expectedRevision === undefined ? {} : { expectedRevision }),
    };
    return this.#mutate(
      { remove: row, insert: moved },
      () => this.#host.api(path, { method: "POST", json }),
      // A transfer's 409 is also "the destination already has that name": only a revision that
      // really moved on makes it stale (the answer carries `error` alone, so the list says).
      async () =>
        expectedRevision !== undefined && (await this.#revisionOf(row)) !== expectedRevision,
    );
  }

  /** The current revision of `row` (by source and name), read from the list; undefined if gone. */
  async #revisionOf(row: SkillRow): Promise<number | undefined> {
    try {
      const answer = parseSkillList(await this.#host.api<unknown>(`${BASE}/list`));
      if (!answer.ok) return undefined;
      return answer.rows.find((r) => skillKey(r) === skillKey(row))?.revision;
    } catch {
      return undefined;
    }
  }

  async #mutate(
    change: { readonly remove: SkillRow | undefined; readonly insert: SkillRow | undefined },
    send: () => Promise<unknown>,
    /** Whether a 409 means the revision sent is stale (asked only on a 409). */
    staleOn409: () => Promise<boolean>,
  ): Promise<SkillMutation> {
    const { remove, insert } = change;
    const at = remove ? this.state.rows.findIndex((r) => skillKey(r) === skillKey(remove)) : -1;
    this.#swap(insert, at);
    try {
      await send();
    } catch (error) {
      // Put back exactly this row: whatever else changed meanwhile stays.
      const now = insert
        ? this.state.rows.findIndex((r) => skillKey(r) === skillKey(insert) && r.pending)
        : -1;
      const rows = [...this.state.rows];
      if (now >= 0) rows.splice(now, 1);
      if (remove) rows.splice(Math.min(Math.max(at, 0), rows.length), 0, remove);
      const status = (error as { status?: unknown }).status;
      const message = errorMessage(error);
      this.set({ ...this.state, rows });
      return {
        ok: false,
        status: typeof status === "number" ? status : 0,
        message,
        stale: status === 409 && (await staleOn409()),
      };
    }
    await this.refresh();
    return { ok: true };
  }

  #swap(insert: SkillRow | undefined, at: number): void {
    const rows = [...this.state.rows];
    if (at >= 0) rows.splice(at, 1);
    if (insert) rows.splice(at >= 0 ? at : rows.length, 0, insert);
    this.set({ ...this.state, rows });
  }
}

function pickText(edit: SkillEditInput): Partial<SkillRow> {
  return {
    ...(edit.description === undefined ? {} : { description: edit.description }),
    ...(edit.content === undefined ? {} : { content: edit.content }),
  };
}
