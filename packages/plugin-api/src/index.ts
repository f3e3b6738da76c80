/** @elowen/plugin-api: The Elowen plugin contract: types, zod schemas, versions and caps. A third-party plugin depends on this and nothing else of ours. */
export const PACKAGE_NAME = "@elowen/plugin-api";
