import type { Access } from "@elowen/plugin-api/access";

/**
 * The one contributor-grant rule of the host (the skill catalog applies the same): a plugin that
 * is not user-grantable serves every account; a user-grantable one serves only an account
 * granted it, or an all-access (administrator session) turn.
 */
export function isGranted(access: Access, plugin: string, grantable: boolean): boolean {
  return !grantable || access.allAccess || access.grants.includes(plugin);
}
