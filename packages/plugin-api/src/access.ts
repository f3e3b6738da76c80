/** Account roles. The instance owner is also an administrator. */
export const ACCOUNT_ROLES = ["owner", "admin", "user"] as const;
/** One account role. */
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** Where a turn or request comes from. */
export const ACCESS_SURFACES = [
  "cli",
  "web",
  "api",
  "cron",
  "worker",
  "delegated",
  "internal",
] as const;
/** Where a turn or request comes from. */
export type AccessSurface = (typeof ACCESS_SURFACES)[number];

/**
 * Who is acting, as the host resolved it for the current turn, hook or request. `userId` is null
 * for an unlinked turn (no personal target). Hooks are not filtered by account grants: a
 * user-grantable plugin checks `grants` itself.
 */
export interface Access {
  readonly userId: number | null;
  readonly role: AccountRole | null;
  readonly isAdmin: boolean;
  readonly isOwner: boolean;
  readonly surface: AccessSurface;
  readonly sessionId?: string;
  /** True on an all-access (administrator session) turn. */
  readonly allAccess: boolean;
  /** User-grantable plugins this account is granted. */
  readonly grants: readonly string[];
  /** The account a delegated run inherits, when it is one. */
  readonly delegatedFrom?: number;
}
