import type { Access } from "@elowen/plugin-api/access";

/**
 * The usual contributor-grant rule, for a catalog's `isGranted`: a plugin that is not
 * user-grantable is available to every account; a user-grantable one only to an account granted
 * it (`access.grants`) or on an all-access (administrator session) turn.
 */
export function grantedByAccess(
  userGrantable: Iterable<string>,
): (access: Access, plugin: string) => boolean {
  const grantable = new Set(userGrantable);
  return (access, plugin) =>
    !grantable.has(plugin) || access.allAccess || access.grants.includes(plugin);
}
