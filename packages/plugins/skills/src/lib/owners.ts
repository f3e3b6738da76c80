import type { Access } from "@elowen/plugin-api/access";
import { refuse, type SkillRefusal } from "./refusal.js";

/** The exact 400 message of a mutation without an explicit owner. */
export const OWNER_REQUIRED_MESSAGE = 'owner is required: "instance", "me" or an account id';

/** Whose folder a skill lives in: an account's personal folder or the instance folder. */
export type SkillOwner =
  | { readonly kind: "personal"; readonly userId: number }
  | { readonly kind: "instance" };

/** An owner as a request names it, before authorization: `me`, `instance` or an account id. */
export type OwnerSpec =
  | { readonly kind: "me" }
  | { readonly kind: "instance" }
  | { readonly kind: "account"; readonly userId: number };

const ACCOUNT_ID = /^[1-9][0-9]{0,15}$/;

/**
 * Reads the `?owner=` query value. Omitted, empty or whitespace-only is `owner-required` with
 * {@link OWNER_REQUIRED_MESSAGE}; anything but `me`, `instance` or a positive decimal account id
 * (no sign, no leading zero, at most `Number.MAX_SAFE_INTEGER`) is `owner-invalid`.
 */
export function parseOwnerQuery(value: string | undefined): OwnerSpec | SkillRefusal {
  if (value === undefined || value.trim() === "")
    return refuse("owner-required", OWNER_REQUIRED_MESSAGE);
  return parseOwnerText(value, "owner");
}

/**
 * Reads a transfer's destination, the JSON body's `owner`: `"me"` or `null` (the browser client's
 * `SkillOwner` null), `"instance"`, or an account id as a positive integer or its decimal string.
 */
export function parseOwnerBody(value: unknown): OwnerSpec | SkillRefusal {
  if (value === undefined || (typeof value === "string" && value.trim() === "")) {
    return refuse("owner-required", `body.owner is required: "instance", "me" or an account id`);
  }
  if (value === null) return { kind: "me" };
  if (typeof value === "number") {
    return Number.isSafeInteger(value) && value > 0
      ? { kind: "account", userId: value }
      : refuse(
          "owner-invalid",
          `body.owner must be "instance", "me" or a positive integer account id, received ${String(value)}`,
        );
  }
  if (typeof value === "string") return parseOwnerText(value, "body.owner");
  return refuse(
    "owner-invalid",
    `body.owner must be "instance", "me" or an account id, received a ${typeof value}`,
  );
}

function parseOwnerText(value: string, field: string): OwnerSpec | SkillRefusal {
  if (value === "me") return { kind: "me" };
  if (value === "instance") return { kind: "instance" };
  if (ACCOUNT_ID.test(value)) {
    const userId = Number(value);
    if (Number.isSafeInteger(userId)) return { kind: "account", userId };
  }
  return refuse(
    "owner-invalid",
    `${field} must be "instance", "me" or an account id (a positive integer without sign or leading zero), received ${JSON.stringify(value.slice(0, 40))}`,
  );
}

/** Who asks, as the caller resolved it: the account (awaited), and its roles for this request or turn. */
export interface Actor {
  /** The acting account, null for an unlinked turn (no personal target). */
  readonly userId: number | null;
  readonly isAdmin: boolean;
  /** The instance owner: the only one who creates instance skills. */
  readonly isOwner: boolean;
  /** An administrator session: the only one that deletes instance skills. */
  readonly adminSession: boolean;
}

/** What the target is resolved for; each decides who may act on an instance target. */
export type OwnerOperation = "create" | "edit" | "delete";

/**
 * Authorizes an owner and resolves it, in this order: the acting account first, then the
 * instance-owner or administrator check, then the account's existence (awaited), and only then
 * the target. No target is inferred from administrator status. A missing account is refused
 * without touching the disk.
 */
export async function resolveOwner(
  spec: OwnerSpec,
  actor: Actor,
  operation: OwnerOperation,
  accountExists: (userId: number) => Promise<boolean>,
): Promise<SkillOwner | SkillRefusal> {
  if (spec.kind === "instance") return authorizeInstance(actor, operation);
  if (spec.kind === "account" && spec.userId !== actor.userId) {
    if (!actor.isAdmin) {
      return refuse("forbidden", "managing another account's skills is administrator-only");
    }
    if (!(await accountExists(spec.userId))) {
      return refuse("account-missing", `account ${spec.userId} does not exist`);
    }
    return { kind: "personal", userId: spec.userId };
  }
  if (actor.userId === null) {
    return refuse(
      "no-personal-target",
      "this turn or request is not linked to an account, so it has no personal skills",
    );
  }
  if (!(await accountExists(actor.userId))) {
    return refuse("account-missing", `account ${actor.userId} does not exist`);
  }
  return { kind: "personal", userId: actor.userId };
}

function authorizeInstance(actor: Actor, operation: OwnerOperation): SkillOwner | SkillRefusal {
  if (operation === "create" && !actor.isOwner) {
    return refuse("forbidden", "creating instance skills is instance-owner-only");
  }
  if (operation === "delete" && !actor.adminSession) {
    return refuse("forbidden", "removing instance skills needs an administrator session");
  }
  if (!actor.isAdmin) return refuse("forbidden", "instance skills are administrator-only");
  return { kind: "instance" };
}

/** True when two owners name the same folder. */
export function sameOwner(a: SkillOwner, b: SkillOwner): boolean {
  return (
    a.kind === b.kind && (a.kind === "instance" || a.userId === (b as { userId: number }).userId)
  );
}

/** Words for an owner in messages: `instance` or `account 7`. */
export function describeOwner(owner: SkillOwner): string {
  return owner.kind === "instance" ? "the instance" : `account ${owner.userId}`;
}

/** The actor of an HTTP request: the authenticated account; an administrator's request is an administrator session. */
export function requestActor(access: Access): Actor {
  return {
    userId: access.userId,
    isAdmin: access.isAdmin,
    isOwner: access.isOwner,
    adminSession: access.isAdmin,
  };
}
