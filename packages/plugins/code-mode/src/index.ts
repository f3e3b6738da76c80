/** @elowen/plugin-code-mode: Code mode: model-written scripts calling tools, drawn as ordinary rows. */
export const PACKAGE_NAME = "@elowen/plugin-code-mode";
