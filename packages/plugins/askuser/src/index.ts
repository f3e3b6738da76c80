/** @elowen/plugin-askuser: The AskUserQuestion tool. */
export const PACKAGE_NAME = "@elowen/plugin-askuser";
