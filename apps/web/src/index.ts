/** @elowen/web: The Elowen browser client, served by the daemon. */
export const PACKAGE_NAME = "@elowen/web";
