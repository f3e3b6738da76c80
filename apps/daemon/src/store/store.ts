import type { BrainCard } from "@elowen/plugin-api/cards";
import type { SessionKind } from "@elowen/plugin-api/hooks";
import type { SharedFile, SharedImage } from "@elowen/plugin-api/trace";
import type { BlobStorage } from "./blob-storage.js";
import type { JobQueue } from "./jobs/job-queue.js";
import type {
  AccountGrants,
  AccountRecord,
  AppendOptions,
  AttachmentRecord,
  AttachmentRef,
  JournalEntry,
  JournalPage,
  NewJournalEntry,
  SessionRecord,
  TokenRecord,
  UsageCharge,
} from "./types.js";

/** Accounts. Ids are numeric; exactly one account has the role `owner`. */
export interface AccountStore {
  create(input: {
    readonly name: string;
    readonly role: AccountRecord["role"];
  }): Promise<AccountRecord>;
  get(id: number): Promise<AccountRecord | undefined>;
  list(): Promise<readonly AccountRecord[]>;
  exists(id: number): Promise<boolean>;
  /** The instance owner, once the first start has created it. */
  owner(): Promise<AccountRecord | undefined>;
  /** Removes the account with its tokens, grants, sessions and their journals. */
  remove(id: number): Promise<boolean>;
}

/** Bearer tokens: the secret is returned once at issue; only its SHA-256 is stored. */
export interface TokenStore {
  issue(
    accountId: number,
    label?: string,
  ): Promise<{ readonly token: string; readonly record: TokenRecord }>;
  /** The account a token belongs to, or undefined (unknown, revoked, malformed). */
  verify(token: string): Promise<AccountRecord | undefined>;
  list(accountId: number): Promise<readonly TokenRecord[]>;
  revoke(accountId: number, tokenId: number): Promise<boolean>;
}

/** Per-account plugin grants and the plugin-skill switch. */
export interface GrantStore {
  get(accountId: number): Promise<AccountGrants>;
  set(accountId: number, grants: AccountGrants): Promise<AccountGrants>;
  /** Accounts that switched plugin skills off for automatic discovery. */
  pluginSkillsOff(): Promise<readonly number[]>;
}

/** Sessions. */
export interface SessionStore {
  create(input: {
    readonly ownerId: number;
    readonly kind: SessionKind;
    readonly title?: string;
    /** An absolute directory the caller already checked (see the sessions route). */
    readonly workspace?: string;
  }): Promise<SessionRecord>;
  get(id: string): Promise<SessionRecord | undefined>;
  /** The owner's sessions, most recently updated first. */
  list(
    ownerId: number,
    page: { readonly cursor?: string; readonly limit: number },
  ): Promise<{ readonly sessions: readonly SessionRecord[]; readonly nextCursor: string | null }>;
  rename(id: string, title: string): Promise<SessionRecord | undefined>;
  /** Removes the session with its journal, cards and attachment ownership. */
  remove(id: string): Promise<boolean>;
}

/** The journal: entries per session, branching by parent id. */
export interface JournalStore {
  /**
   * Appends entries in one transaction: all or none. On-branch entries chain (each is the next
   * one's parent) from `options.parentId` (default the leaf) and the leaf moves to the last one.
   */
  append(
    sessionId: string,
    entries: readonly NewJournalEntry[],
    options?: AppendOptions,
  ): Promise<readonly JournalEntry[]>;
  /**
   * Rewrites one entry's data in place (tool-trace settlement): `update` receives the current
   * data and returns the new data, or undefined to leave it. False when the entry is gone.
   */
  updateData(
    sessionId: string,
    entryId: string,
    update: (data: unknown) => unknown,
  ): Promise<boolean>;
  get(sessionId: string, entryId: string): Promise<JournalEntry | undefined>;
  /** The active branch root-first, hidden entries included (provider replay). */
  branch(
    sessionId: string,
    options?: { readonly leafId?: string },
  ): Promise<readonly JournalEntry[]>;
  /** One page of the visible projection of the active branch, newest page first. */
  page(
    sessionId: string,
    page: { readonly cursor?: string; readonly limit: number },
  ): Promise<JournalPage>;
  /** The whole visible projection, root-first: what exports and titles read. */
  visible(sessionId: string): Promise<readonly JournalEntry[]>;
  /** Moves the leaf (a rewind). The entry must be an on-branch entry of the session. */
  setLeaf(sessionId: string, entryId: string | null): Promise<void>;
  /** Off-branch entries of a session, optionally of one custom type, in commit order. */
  offBranch(sessionId: string, customType?: string): Promise<readonly JournalEntry[]>;
}

/**
 * Turns that started and have not settled. A row is opened in the transaction of a turn's first
 * entries and closed in that of its `turn_end` (`AppendOptions.openTurn`, `closeTurn`), so after a
 * crash the open rows are exactly the turns to mark.
 */
export interface TurnStore {
  close(turnId: string): Promise<void>;
  /**
   * The open turns that nothing runs any more: every one in an embedded store (read at start);
   * on a shared database, those of instances whose lease ran out.
   */
  listOpen(): Promise<
    readonly { readonly sessionId: string; readonly turnId: string; readonly startedAt: number }[]
  >;
}

/** Cards per session, keyed by card id. */
export interface CardStore {
  /** Replaces the card with its id, or adds it; an empty card removes it. */
  put(sessionId: string, card: BrainCard): Promise<"stored" | "removed">;
  list(sessionId: string): Promise<readonly BrainCard[]>;
}

/** Attachment ownership: which session owns which blob, through which entry. */
export interface AttachmentStore {
  /** The session's ownership of a blob, or undefined when it does not own it. */
  owned(sessionId: string, hash: string): Promise<AttachmentRecord | undefined>;
  /**
   * Commits ownership of a shared image or file as an off-branch `elowen.shared-attachment`
   * entry. An already owned reference needs no entry: answers `{ entry: null }`.
   */
  recordShared(
    sessionId: string,
    share: { readonly sharedImage: SharedImage } | { readonly sharedFile: SharedFile },
  ): Promise<{ readonly entry: JournalEntry | null }>;
  /**
   * Records that an existing entry owns more blobs (images a nested call settled with after its
   * reporting result was written). Already owned references are left as they are.
   */
  own(sessionId: string, entryId: string, refs: readonly AttachmentRef[]): Promise<void>;
  /** True when any session owns the blob (the sweep keeps it). */
  isOwned(hash: string): Promise<boolean>;
}

/** Usage charged outside any turn's journal, once per request (a skill review). */
export interface UsageStore {
  charge(charge: Omit<UsageCharge, "id" | "createdAt">): Promise<UsageCharge>;
  /** An account's charges, oldest first. */
  list(accountId: number): Promise<readonly UsageCharge[]>;
}

/**
 * The daemon's durable state behind one interface, so that another engine (PostgreSQL) can serve
 * the same callers. The SQLite implementation is the default.
 */
export interface Store {
  readonly kind: string;
  readonly accounts: AccountStore;
  readonly tokens: TokenStore;
  readonly grants: GrantStore;
  readonly sessions: SessionStore;
  readonly journal: JournalStore;
  readonly turns: TurnStore;
  readonly cards: CardStore;
  readonly attachments: AttachmentStore;
  readonly usage: UsageStore;
  /** Deferred work (the skill reviewer's runs): a queue that outlives the process that fills it. */
  readonly jobs: JobQueue;
  /** Content-addressed images and shared files: beside the SQLite database, or in PostgreSQL. */
  readonly blobs: BlobStorage;
  /**
   * A number that changes whenever authentication may answer differently: a token revoked, an
   * account removed, grants set. A caller that caches what `tokens.verify` and `grants.get`
   * answered keeps its entries only while this number stays the same.
   */
  authEpoch(): number;
  /** Writes everything committed into the main database file (the shutdown checkpoint). */
  checkpoint(): Promise<void>;
  close(): Promise<void>;
}
