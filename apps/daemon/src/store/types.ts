import type { AccountRole } from "@elowen/plugin-api/access";
import type { BrainCard } from "@elowen/plugin-api/cards";
import type { SessionKind } from "@elowen/plugin-api/hooks";

/** An account: numeric id, role (one instance owner; admins; users). */
export interface AccountRecord {
  readonly id: number;
  readonly name: string;
  readonly role: AccountRole;
  readonly createdAt: number;
}

/** A bearer token as stored: only its hash is kept, never the secret. */
export interface TokenRecord {
  readonly id: number;
  readonly accountId: number;
  readonly label: string | null;
  readonly createdAt: number;
}

/** An account's plugin grants: user-grantable plugins and the per-account plugin-skill switch. */
export interface AccountGrants {
  readonly plugins: readonly string[];
  /** False hides plugin skills from automatic discovery for this account. */
  readonly pluginSkills: boolean;
}

/** A session: one conversation and its journal. `leafId` is the active branch's newest entry. */
export interface SessionRecord {
  readonly id: string;
  readonly ownerId: number;
  readonly title: string | null;
  readonly kind: SessionKind;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly leafId: string | null;
  /** The directory the session works in when it was created with one; null: its own `<home>/workspaces/<id>`. */
  readonly workspace: string | null;
}

/**
 * One journal entry. On-branch entries form a tree by `parentId` (a rewind starts a branch); the
 * active branch is the path from the session's leaf to the root. Off-branch entries (ownership of
 * a shared attachment) record the anchor they were written at in `parentId` but are never on a
 * branch and never become the leaf. `hidden` entries are excluded from the visible projection.
 */
export interface JournalEntry {
  readonly id: string;
  readonly sessionId: string;
  readonly parentId: string | null;
  /** Increasing within the session, in commit order. */
  readonly seq: number;
  readonly kind: string;
  readonly customType: string | null;
  readonly hidden: boolean;
  readonly offBranch: boolean;
  readonly data: unknown;
  readonly createdAt: number;
}

/** A content-addressed stored blob a session owns (an image or a shared file). */
export interface AttachmentRef {
  /** Lowercase hex SHA-256 of the bytes: the blob's name. */
  readonly hash: string;
  readonly kind: "image" | "file";
  readonly mimeType: string;
  readonly bytes: number;
  readonly filename?: string;
}

/** Ownership of a blob by a session, through the entry that carries it. */
export interface AttachmentRecord extends AttachmentRef {
  readonly sessionId: string;
  readonly entryId: string;
  readonly createdAt: number;
}

/** An entry to append. The store mints `id` when omitted. */
export interface NewJournalEntry {
  readonly id?: string;
  readonly kind: string;
  readonly customType?: string;
  readonly hidden?: boolean;
  /** Off-branch: recorded in the journal without moving the leaf (shared-attachment ownership). */
  readonly offBranch?: boolean;
  readonly data: unknown;
  /** Blobs this entry owns, committed in the same transaction. */
  readonly attachments?: readonly AttachmentRef[];
}

/** Where appended on-branch entries attach, and the open-turn ledger rows they commit with. */
export interface AppendOptions {
  /** The parent of the first on-branch entry; default the session's leaf. Null starts a new root. */
  readonly parentId?: string | null;
  /** Opens this turn in the ledger in the same transaction (its first entries). */
  readonly openTurn?: { readonly turnId: string; readonly startedAt: number };
  /** Closes this turn in the ledger in the same transaction (its `turn_end`). */
  readonly closeTurn?: string;
  /**
   * Whether the session's `updatedAt` becomes this append's time (default true). A turn's own
   * writes between its start and its end pass false: the session reads as updated when the turn
   * starts and when it ends, and each write in between touches one index page fewer.
   */
  readonly touch?: boolean;
}

/** A page of the visible projection, chronological; `nextCursor` reads the older page. */
export interface JournalPage {
  readonly entries: readonly JournalEntry[];
  readonly nextCursor: string | null;
}

/** A card as stored for a session, in first-emitted order. */
export interface StoredCard {
  readonly sessionId: string;
  readonly card: BrainCard;
  readonly updatedAt: number;
}

/** Usage charged to an account for a request outside any turn's journal (a skill review). */
export interface UsageCharge {
  readonly id: number;
  readonly accountId: number;
  /** The session the work was for; null once that session is deleted. */
  readonly sessionId: string | null;
  /** Who asked for the work (`internal`: the host itself). */
  readonly origin: string;
  /** What the work was (`skill-review`). */
  readonly purpose: string;
  readonly providerId: string;
  readonly connectionId: string;
  readonly generation: number;
  readonly model: string;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cacheReadInputTokens: number;
  readonly cacheCreationInputTokens: number;
  readonly costUsd: number;
  readonly createdAt: number;
}
