/** @elowen/client: Typed HTTP and SSE client of the Elowen daemon, with the wire schemas the daemon validates against. */
export const PACKAGE_NAME = "@elowen/client";
