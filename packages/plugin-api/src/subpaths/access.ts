/** `@elowen/plugin-api/access`. Who is acting: the account role and surface the host resolved for a turn, hook or request. */

export type { Access, AccessSurface, AccountRole } from "../access.js";
export { ACCESS_SURFACES, ACCOUNT_ROLES } from "../access.js";
