import { type EntryRow, entryJson, toEntry } from "./entry-rows.js";
import { mintId } from "./ids.js";
import { StoreError } from "./store-error.js";
import type {
  AppendOptions,
  AttachmentRef,
  JournalEntry,
  JournalPage,
  NewJournalEntry,
} from "./types.js";

/** An entry id a caller supplies: 1 to 128 of letters, digits and `_.:-`. */
export const ENTRY_ID_SUPPLIED_PATTERN = /^[A-Za-z0-9_.:-]{1,128}$/;

/** The refusal of a call naming a session that does not exist. */
export function noSession(sessionId: string): StoreError {
  return new StoreError("not_found", `no session ${sessionId}`);
}

/**
 * Checks that an entry a caller names as a parent or leaf is an on-branch entry of the session,
 * given its `off_branch` as read (undefined: no such entry). Throws StoreError `not_found` or
 * `invalid`.
 */
export function checkOnBranch(
  row: Pick<EntryRow, "off_branch"> | undefined,
  sessionId: string,
  entryId: string,
): void {
  if (!row) throw new StoreError("not_found", `session ${sessionId} has no entry ${entryId}`);
  if (row.off_branch) {
    throw new StoreError(
      "invalid",
      `entry ${entryId} is off-branch and cannot be a parent or leaf`,
    );
  }
}

/**
 * The parent an append starts from when it is not the session's leaf, so it must be looked up
 * with {@link checkOnBranch}; undefined when no lookup is needed (the leaf is on the branch by
 * construction: only on-branch entries become it).
 */
export function namedParent(options: AppendOptions, leafId: string | null): string | undefined {
  const parent = firstParent(options, leafId);
  return parent !== null && parent !== leafId ? parent : undefined;
}

/** The parent of an append's first on-branch entry: the one named, else the session's leaf. */
function firstParent(options: AppendOptions, leafId: string | null): string | null {
  return options.parentId === undefined ? leafId : options.parentId;
}

/** Checks one entry of a batch: a supplied id matches the pattern, the data is JSON. Answers it. */
function entryText(input: NewJournalEntry, index: number): string {
  if (input.id !== undefined && !ENTRY_ID_SUPPLIED_PATTERN.test(input.id)) {
    throw new StoreError("invalid", `entries[${index}].id must match ${ENTRY_ID_SUPPLIED_PATTERN}`);
  }
  return entryJson(input.data, index);
}

/**
 * Checks a batch before any of it is written; throws naming the first entry that is wrong.
 * Answers each entry's serialized data, which {@link prepareAppend} takes as it is.
 */
export function checkEntries(inputs: readonly NewJournalEntry[]): readonly string[] {
  return inputs.map(entryText);
}

/** One entry of an append, ready to write: the record, its serialized data and what it owns. */
export interface PreparedEntry {
  readonly entry: JournalEntry;
  readonly json: string;
  readonly attachments: readonly AttachmentRef[];
}

/**
 * Lays out a batch appended at `at` from the session's position (its leaf and next `seq`): each
 * entry gets the next `seq` and an id (minted unless supplied); the first on-branch entry hangs
 * under `options.parentId` (default the leaf), each later one under the one before, and the last
 * becomes the new leaf; an off-branch entry moves nothing. Throws for an invalid entry, before
 * anything is written (unless `texts`, what {@link checkEntries} answered for `inputs`, is given).
 */
export function prepareAppend(
  sessionId: string,
  inputs: readonly NewJournalEntry[],
  options: AppendOptions,
  from: { readonly leafId: string | null; readonly seq: number; readonly at: number },
  texts: readonly string[] = checkEntries(inputs),
): {
  readonly entries: readonly PreparedEntry[];
  readonly leafId: string | null;
  readonly nextSeq: number;
} {
  let parent = firstParent(options, from.leafId);
  let seq = from.seq;
  const entries = inputs.map((input, index): PreparedEntry => {
    const json = texts[index] as string;
    const offBranch = input.offBranch === true;
    const entry: JournalEntry = {
      id: input.id ?? mintId("e", from.at),
      sessionId,
      parentId: parent,
      seq,
      kind: input.kind,
      customType: input.customType ?? null,
      hidden: input.hidden === true,
      offBranch,
      // The value just serialized: reading it back from its JSON would only copy it.
      data: input.data,
      createdAt: from.at,
    };
    seq += 1;
    if (!offBranch) parent = entry.id;
    return { entry, json, attachments: input.attachments ?? [] };
  });
  return { entries, leafId: parent, nextSeq: seq };
}

/**
 * The `seq` a page of the visible projection starts below: everything for no cursor, else the
 * cursor an {@link entryPage} issued. Throws StoreError("invalid") for any other cursor.
 */
export function entryCursorSeq(cursor: string | undefined): number {
  if (cursor === undefined) return Number.MAX_SAFE_INTEGER;
  if (!/^\d{1,15}$/.test(cursor)) {
    throw new StoreError("invalid", "cursor is not one this daemon issued");
  }
  return Number(cursor);
}

/**
 * One page of the visible projection, chronological, from up to `limit + 1` rows newest first:
 * the extra row only tells that an older page exists.
 */
export function entryPage(rows: readonly EntryRow[], limit: number): JournalPage {
  const page = rows.slice(0, limit).reverse().map(toEntry);
  const oldest = page[0];
  return { entries: page, nextCursor: rows.length > limit && oldest ? String(oldest.seq) : null };
}
