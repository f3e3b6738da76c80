import type { Access, AccessSurface, AccountRole } from "@elowen/plugin-api/access";
import { currentCallScope } from "./call-scope.js";

export { runWithAccess } from "./call-scope.js";

/** The access outside any turn, hook or request: unlinked and not an administrator. */
export const UNLINKED_ACCESS: Access = Object.freeze({
  userId: null,
  role: null,
  isAdmin: false,
  isOwner: false,
  surface: "internal",
  allAccess: false,
  grants: Object.freeze([]) as readonly string[],
});

/** Builds the access of an account acting through a surface. */
export function accountAccess(
  account: { readonly id: number; readonly role: AccountRole },
  surface: AccessSurface,
  grants: readonly string[],
  extra: { readonly sessionId?: string; readonly allAccess?: boolean } = {},
): Access {
  const isOwner = account.role === "owner";
  return {
    userId: account.id,
    role: account.role,
    isAdmin: isOwner || account.role === "admin",
    isOwner,
    surface,
    allAccess: extra.allAccess ?? false,
    grants,
    ...(extra.sessionId === undefined ? {} : { sessionId: extra.sessionId }),
  };
}

/** The current access: set by the HTTP request or the turn running now, else unlinked. */
export function currentAccess(): Access {
  return currentCallScope()?.access ?? UNLINKED_ACCESS;
}
