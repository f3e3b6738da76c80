/** @elowen/prompt-compose: System prompt sections, plugin fragments, context providers, templates and argument substitution. */
export const PACKAGE_NAME = "@elowen/prompt-compose";
