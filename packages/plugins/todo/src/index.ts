/** @elowen/plugin-todo: A todo list shown as a pinned card with live durations. */
export const PACKAGE_NAME = "@elowen/plugin-todo";
